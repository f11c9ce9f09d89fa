package dev.evperf.suites.nexmark;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_CATEGORY;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_ID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_SELLER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_PRICE;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_TIME;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_ID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_NAME;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_STATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.model.NexmarkModels;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The models against a second, brute-force reading of each query over all events at once (group
 * every event by its windows, then answer), with late events too: the windows the models close
 * as the watermark passes hold exactly the events brute force assigns them. And the closing events
 * against a scan from the first event.
 */
class NexmarkModelsTest {
    static final int EVENTS = 40_000;

    /** The query with a 2 s window (q3 has none) on 1 ms per event, in order ("0ms") or 30 % late by up to lateness. */
    static NexmarkQuery query(String q, String lateness) {
        return Specs.read(
                "{query: " + q + (q.equals("q3") ? "" : ", window: 2s") + ", data: " + data(lateness) + "}",
                NexmarkQuery.class,
                "test");
    }

    static String data(String lateness) {
        return "{seed: 3, inter_event_delay: 1ms"
                + (lateness.equals("0ms") ? "" : ", lateness: " + lateness + ", late_fraction: 0.3") + "}";
    }

    /** The model's rows, in its order (which must be slot order). */
    static List<Object[]> modelRows(NexmarkQuery q) {
        List<Object[]> rows = new ArrayList<>();
        Model m = NexmarkModels.of(q);
        NexmarkInputs in = new NexmarkInputs(q, EVENTS, false);
        for (long k = 0; k < EVENTS; k++) {
            if (in.sent(k)) {
                Input e = in.event(k);
                m.onEvent(e.stream(), e.row(), (s, r) -> rows.add(r));
            }
        }
        m.end((s, r) -> rows.add(r));
        return rows;
    }

    /** Brute force's rows checked against the model's by the validator (per slot, as multisets). */
    static void agree(NexmarkQuery q, List<Object[]> bruteForce) {
        List<Verdict> v = NexmarkValidation.check(q, EVENTS, Map.of("Out", bruteForce), Tolerance.DEFAULT);
        assertThat(v.get(0).valid())
                .as(v.get(0).summary() + " " + v.get(0).examples())
                .isTrue();
        assertThat(v.get(0).expected()).isPositive().isEqualTo(modelRows(q).size());
    }

    static Map<Long, List<Object[]>> byWindow(NexmarkGenerator g, int kind, long length, long slide) {
        Map<Long, List<Object[]>> windows = new TreeMap<>();
        for (long k = 0; k < EVENTS; k++) {
            if (g.kind(k) == kind) {
                Object[] e = g.event(k);
                long t = (Long) e[kind == NexmarkGenerator.BID ? B_TIME : kind == NexmarkGenerator.AUCTION ? 6 : 7];
                for (long s = Math.floorDiv(t, slide) * slide; s > t - length; s -= slide) {
                    windows.computeIfAbsent(s + length, x -> new ArrayList<>()).add(e);
                }
            }
        }
        return windows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"0ms", "300ms"})
    void highestBid(String lateness) {
        NexmarkQuery q = query("q7", lateness);
        List<Object[]> rows = new ArrayList<>();
        byWindow(new NexmarkGenerator(q.data()), NexmarkGenerator.BID, 2000, 2000)
                .forEach((wend, bids) -> {
                    long max = bids.stream()
                            .mapToLong(b -> (Long) b[B_PRICE])
                            .max()
                            .orElseThrow();
                    bids.stream()
                            .filter(b -> (Long) b[B_PRICE] == max)
                            .forEach(b -> rows.add(new Object[] {wend, b[0], b[1], b[3], b[2], b[6], b[7]}));
                });
        agree(q, rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0ms", "300ms"})
    void hotItems(String lateness) {
        NexmarkQuery q = Specs.read(
                "{query: q5, window: 2s, slide: 500ms, data: " + data(lateness) + "}", NexmarkQuery.class, "test");
        List<Object[]> rows = new ArrayList<>();
        byWindow(new NexmarkGenerator(q.data()), NexmarkGenerator.BID, 2000, 500)
                .forEach((wend, bids) -> {
                    Map<Long, Long> counts = new HashMap<>();
                    bids.forEach(b -> counts.merge((Long) b[B_AUCTION], 1L, Long::sum));
                    long max = counts.values().stream()
                            .mapToLong(Long::longValue)
                            .max()
                            .orElseThrow();
                    counts.forEach((a, n) -> {
                        if (n == max) {
                            rows.add(new Object[] {wend, a, n});
                        }
                    });
                });
        agree(q, rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0ms", "300ms"})
    void newUsers(String lateness) {
        NexmarkQuery q = query("q8", lateness);
        NexmarkGenerator g = new NexmarkGenerator(q.data());
        Map<Long, List<Object[]>> auctions = byWindow(g, NexmarkGenerator.AUCTION, 2000, 2000);
        List<Object[]> rows = new ArrayList<>();
        byWindow(g, NexmarkGenerator.PERSON, 2000, 2000).forEach((wend, persons) -> persons.stream()
                .filter(p -> auctions.getOrDefault(wend, List.of()).stream().anyMatch(a -> a[A_SELLER].equals(p[P_ID])))
                .forEach(p -> rows.add(new Object[] {wend, p[P_ID], p[P_NAME]})));
        agree(q, rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0ms", "300ms"})
    void localItemPairsEveryMatchingPersonAndAuctionOnce(String lateness) {
        NexmarkQuery q = query("q3", lateness);
        NexmarkGenerator g = new NexmarkGenerator(q.data());
        List<Object[]> persons = new ArrayList<>();
        List<Object[]> auctions = new ArrayList<>();
        for (long k = 0; k < EVENTS; k++) {
            Object[] e = g.event(k);
            if (g.kind(k) == NexmarkGenerator.PERSON
                    && List.of("OR", "ID", "CA").contains(e[P_STATE])) {
                persons.add(e);
            } else if (g.kind(k) == NexmarkGenerator.AUCTION && (Long) e[A_CATEGORY] == 10) {
                auctions.add(e);
            }
        }
        List<Object[]> rows = new ArrayList<>();
        for (Object[] p : persons) {
            for (Object[] a : auctions) {
                if (a[A_SELLER].equals(p[P_ID])) {
                    rows.add(new Object[] {p[P_SEQ], a[A_SEQ], p[P_NAME], p[5], p[P_STATE], a[A_ID]});
                }
            }
        }
        agree(q, rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0ms", "300ms"})
    void closingEventIsTheFirstEventPastTheWindowsEndAndLateness(String lateness) {
        NexmarkQuery q = query("q8", lateness);
        long late = q.data().latenessMillis();
        NexmarkInputs withTerminal = new NexmarkInputs(q, EVENTS, true);
        NexmarkGenerator g = withTerminal.generator();
        ClosingEvents closing = new ClosingEvents(q, withTerminal);
        ClosingEvents watermark = new ClosingEvents(q, new NexmarkInputs(q, EVENTS, false));
        long last = g.nominalTime(EVENTS - 1);
        List<Integer> kinds = List.of(NexmarkGenerator.PERSON, NexmarkGenerator.AUCTION); // terminal seqs n, n + 1
        for (long wend = g.nominalTime(0) + 2000; wend <= last + 4000; wend += 2000) {
            long expected = -1;
            boolean byTheEnd = false;
            for (int i = 0; i < kinds.size(); i++) {
                long first = -1;
                for (long k = 0; k < EVENTS && first < 0; k++) {
                    if (g.kind(k) == kinds.get(i) && g.dateTime(k) >= wend + late) {
                        first = k;
                    }
                }
                byTheEnd |= first < 0;
                expected = Math.max(expected, first < 0 ? EVENTS + i : first);
            }
            assertThat(closing.closingSeq(wend)).as("wend %d", wend).isEqualTo(expected);
            // without terminal events, the end of input (-1) closes what no event closed
            assertThat(watermark.closingSeq(wend)).isEqualTo(byTheEnd ? -1 : expected);
        }
        assertThat(Arrays.asList(withTerminal.event(EVENTS).row())).contains(-1L, withTerminal.terminalTime());
    }
}
