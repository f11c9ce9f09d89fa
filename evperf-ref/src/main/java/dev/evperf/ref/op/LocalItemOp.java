package dev.evperf.ref.op;

import dev.evperf.ref.agg.LongIntMap;
import java.util.Arrays;

/**
 * Nexmark q3, the incremental join of persons and auctions on {@code auction.seller = person.id}: every
 * person of the listed states and every auction of the category is kept (as Flink's regular join and
 * Esper's {@code #keepall} keep them), and a pair is emitted, as {@code (pseq, aseq, name, city, state,
 * id)}, during the send of whichever of the two arrives second. Persons sit in an index by id; auctions
 * in chains per seller (newest first, one {@code int} link each), so either side finds its partners
 * without a scan. The kept values are the events' own boxes, so a match allocates nothing.
 */
public final class LocalItemOp extends PersonsAndAuctions {
    private final int pSeq, pId, pName, pCity, pState;
    private final int aSeq, aId, aSeller, aCategory;
    private final long category;
    private final String[] states;
    private final Output out;
    private final Object[] row = new Object[6];

    private final LongIntMap personById = new LongIntMap(1 << 10);
    private Object[] persons = new Object[4 * 256]; // per person: seq, name, city, state
    private int personCount;

    private final LongIntMap newestBySeller = new LongIntMap(1 << 10);
    private Object[] auctions = new Object[2 * 256]; // per auction: seq, id
    private int[] older = new int[256]; // the seller's previous auction, or -1
    private int auctionCount;

    /**
     * @param personFields  the person's seq, id, name, city and state positions
     * @param auctionFields the auction's seq, id, seller and category positions
     */
    public LocalItemOp(int[] personFields, int[] auctionFields, long category, String[] states, Output out) {
        this.pSeq = personFields[0];
        this.pId = personFields[1];
        this.pName = personFields[2];
        this.pCity = personFields[3];
        this.pState = personFields[4];
        this.aSeq = auctionFields[0];
        this.aId = auctionFields[1];
        this.aSeller = auctionFields[2];
        this.aCategory = auctionFields[3];
        this.category = category;
        this.states = states.clone();
        this.out = out;
    }

    @Override
    void onPerson(Object[] e) {
        long id = (Long) e[pId];
        if (!listed(e[pState])) return;
        if (4 * (personCount + 1) > persons.length) persons = Arrays.copyOf(persons, persons.length * 2);
        int p = personCount++;
        persons[4 * p] = e[pSeq];
        persons[4 * p + 1] = e[pName];
        persons[4 * p + 2] = e[pCity];
        persons[4 * p + 3] = e[pState];
        personById.put(id, p); // a person id seen again: the newest row wins, as in the model
        for (int a = newestBySeller.get(id); a >= 0; a = older[a]) emit(p, a);
    }

    @Override
    void onAuction(Object[] e) {
        long seller = (Long) e[aSeller];
        if ((Long) e[aCategory] != category) return;
        if (auctionCount == older.length) {
            older = Arrays.copyOf(older, older.length * 2);
            auctions = Arrays.copyOf(auctions, auctions.length * 2);
        }
        int a = auctionCount++;
        auctions[2 * a] = e[aSeq];
        auctions[2 * a + 1] = e[aId];
        older[a] = newestBySeller.get(seller);
        newestBySeller.put(seller, a);
        int p = personById.get(seller);
        if (p >= 0) emit(p, a);
    }

    private boolean listed(Object state) {
        for (String s : states) {
            if (s.equals(state)) return true;
        }
        return false;
    }

    private void emit(int p, int a) {
        row[0] = persons[4 * p];
        row[1] = auctions[2 * a];
        row[2] = persons[4 * p + 1];
        row[3] = persons[4 * p + 2];
        row[4] = persons[4 * p + 3];
        row[5] = auctions[2 * a + 1];
        out.emit(row);
    }
}
