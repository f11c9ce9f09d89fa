package dev.evperf.suites.nexmark.data;

import static dev.evperf.suites.data.SplitMix.below;
import static dev.evperf.suites.data.SplitMix.bits;

/**
 * Makes Nexmark event {@code k} (a person, an auction or a bid) from (config, k) alone, so that the
 * driver can make it at send time on the absolute schedule, and the reference model and the
 * validator can make it again, in any order, with the same result on every machine.
 *
 * <p>The model (Nexmark's): events cycle through {@code person + auction + bid} slots (1 : 3 : 46),
 * so event k's kind and the ids it creates follow from k. Persons and auctions get consecutive ids
 * from 1000. A bid is for the hot auction (the first of the current block of 100 auctions) with
 * probability 1 − 1/hot_auction_ratio, else for one of the last in_flight_auctions auctions or up to
 * 10 ids ahead of the newest (an auction not made yet: a bid may precede its auction). Bidders and
 * sellers likewise: the hot bidder is the second, the hot seller the first person of the current
 * block of 100 persons; others are among the last active_people persons plus 10 ahead. Prices are
 * log-uniform from $1 to $1 M (in cents), categories 10..14, persons live in six western states so
 * that q3 finds matches. Event time advances by inter_event_delay per event from base_time; with a
 * lateness L, a late_fraction of events is stamped 1..L ms earlier than its place in the sequence.
 *
 * <p>Randomness is {@link dev.evperf.suites.data.SplitMix} over (seed, k, field): no state. Text
 * is drawn from pools made once from the seed, so a bid allocates its row and boxes, nothing more.
 * Prices use tables made with {@link StrictMath} and one product, which rounds alike on every JVM.
 */
public final class NexmarkGenerator {
    public static final int PERSON = 0;
    public static final int AUCTION = 1;
    public static final int BID = 2;

    public static final long FIRST_PERSON_ID = 1000;
    public static final long FIRST_AUCTION_ID = 1000;
    public static final long FIRST_CATEGORY_ID = 10;
    static final int CATEGORIES = 5;
    /** Random ids may be this many ahead of the newest one: a bid or auction may refer to one not made yet. */
    static final int ID_LEAD = 10;
    /** The hot auction, seller and bidder change every this many auctions or persons. */
    static final int HOT_BATCH = 100;

    // fields of (seed, k, field); each kind uses its own, the kinds never share a k
    private static final int F_HOT = 1,
            F_PICK = 2,
            F_HOT2 = 3,
            F_PICK2 = 4,
            F_PRICE = 5,
            F_PRICE2 = 6,
            F_TEXT = 7,
            F_TEXT2 = 8,
            F_EXTRA = 9,
            F_LATE = 10,
            F_LATE_BY = 11;
    private static final String[] FIRST = {
        "Ada", "Ben", "Cleo", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena"
    };
    private static final String[] LAST = {
        "Abbott", "Baker", "Chen", "Diaz", "Evans", "Fox", "Garcia", "Hale", "Ito", "Jensen"
    };
    private static final String[] STATES = {"AZ", "CA", "ID", "OR", "WA", "WY"};
    private static final String[] CITIES = {
        "Phoenix",
        "Tucson",
        "Sacramento",
        "Fresno",
        "Boise",
        "Nampa",
        "Eugene",
        "Salem",
        "Spokane",
        "Tacoma",
        "Casper",
        "Laramie"
    };
    private static final String[] HOT_CHANNELS = {"web", "mobile", "partner", "mail"};
    private static final int COLD_CHANNELS = 10_000;
    private static final int POOL = 1024;
    /** 10^(6·h/1024) · 100 and 10^(6·l/2^20): a price is one product of the two, see {@link #price}. */
    private static final double[] PRICE_HIGH = new double[1024];

    private static final double[] PRICE_LOW = new double[1024];

    static {
        for (int i = 0; i < 1024; i++) {
            PRICE_HIGH[i] = 100 * StrictMath.pow(10, 6.0 * i / 1024);
            PRICE_LOW[i] = StrictMath.pow(10, 6.0 * i / (1 << 20));
        }
    }

    private final NexmarkConfig config;
    private final long seed;
    private final int persons;
    private final int auctions;
    private final int total;
    private final long delayNanos;
    private final long baseTime;
    private final int lateness;
    private final long lateBelow; // a late event's 53 random bits are below this
    private final long auctionHorizon; // ms of event time until in_flight_auctions more auctions exist
    private final String[] names = new String[FIRST.length * LAST.length];
    private final String[] personExtra;
    private final String[] auctionExtra;
    private final String[] bidExtra;
    private final String[] descriptions;
    private final String[] channels = new String[COLD_CHANNELS + HOT_CHANNELS.length];
    private final String[] urls = new String[COLD_CHANNELS + HOT_CHANNELS.length];

    public NexmarkGenerator(NexmarkConfig config) {
        this.config = config;
        this.seed = config.seed();
        this.persons = config.personProportion();
        this.auctions = config.auctionProportion();
        this.total = config.totalProportion();
        this.delayNanos = config.interEventDelay().nanos();
        this.baseTime = config.baseTime();
        this.lateness = Math.toIntExact(config.latenessMillis());
        this.lateBelow = (long) (config.lateFraction() * 0x1.0p53);
        this.auctionHorizon = (long) config.inFlightAuctions() * total / auctions * delayNanos / 1_000_000;
        for (int i = 0; i < names.length; i++) {
            names[i] = FIRST[i % FIRST.length] + " " + LAST[i / FIRST.length];
        }
        this.personExtra = pool(1, config.avgPersonSize() - 80);
        this.auctionExtra = pool(2, config.avgAuctionSize() - 120);
        this.bidExtra = pool(3, config.avgBidSize() - 32);
        this.descriptions = new String[POOL];
        for (int i = 0; i < POOL; i++) {
            descriptions[i] = word(~seed ^ 4, i, 10, 100);
        }
        for (int i = 0; i < channels.length; i++) {
            boolean hot = i >= COLD_CHANNELS;
            channels[i] = hot ? HOT_CHANNELS[i - COLD_CHANNELS] : "channel-" + i;
            urls[i] = "https://auction.example/" + word(~seed ^ 5, i, 3, 8) + "/" + word(~seed ^ 6, i, 3, 8)
                    + "/item?query=1" + (hot ? "" : "&channel=" + i);
        }
    }

    public NexmarkConfig config() {
        return config;
    }

    /** {@link #PERSON}, {@link #AUCTION} or {@link #BID}. */
    public int kind(long k) {
        int slot = (int) (k % total);
        return slot < persons ? PERSON : slot < persons + auctions ? AUCTION : BID;
    }

    /** The input stream of event k: person, auction or bid. */
    public String stream(long k) {
        return NexmarkStreams.ALL.get(kind(k)).name();
    }

    /** Event k's place in event time: base_time + k · inter_event_delay, whole ms (ms since the epoch). */
    public long nominalTime(long k) {
        return baseTime + k * delayNanos / 1_000_000;
    }

    /** Event k's {@code dateTime}: its nominal time, or up to lateness earlier for a late event. */
    public long dateTime(long k) {
        long t = nominalTime(k);
        if (lateness > 0 && (bits(seed, k, F_LATE) >>> 11) < lateBelow) {
            t -= 1 + below(bits(seed, k, F_LATE_BY), lateness);
        }
        return t;
    }

    /** The first event whose nominal time is at least {@code time}. */
    public long firstAtOrAfter(long time) {
        long ms = time - baseTime;
        return ms <= 0 ? 0 : Math.floorDiv(Math.multiplyExact(ms, 1_000_000L) + delayNanos - 1, delayNanos);
    }

    /** Event k as a row of its stream (see {@link NexmarkStreams}); a new array. */
    public Object[] event(long k) {
        long round = k / total;
        int slot = (int) (k - round * total);
        if (slot < persons) {
            return person(k, round * persons + slot);
        }
        long lastPerson = round * persons + persons - 1;
        if (slot < persons + auctions) {
            return auction(k, round * auctions + slot - persons, lastPerson);
        }
        return bid(k, round * auctions + auctions - 1, lastPerson);
    }

    private Object[] person(long k, long id) {
        long card = bits(seed, k, F_TEXT2);
        char[] digits = new char[19];
        for (int i = 0, d = 0; i < 19; i++) {
            if (i % 5 == 4) {
                digits[i] = ' ';
            } else {
                digits[i] = (char) ('0' + Long.remainderUnsigned(card >>> (d++ * 3), 10));
            }
        }
        String email = word(seed ^ 0xE3A1L, k, 3, 8) + "@" + word(seed ^ 0xD0A1L, k, 3, 6) + ".com";
        return new Object[] {
            k,
            FIRST_PERSON_ID + id,
            names[below(bits(seed, k, F_PICK), names.length)],
            email,
            new String(digits),
            CITIES[below(bits(seed, k, F_HOT), CITIES.length)],
            STATES[below(bits(seed, k, F_HOT2), STATES.length)],
            dateTime(k),
            personExtra[below(bits(seed, k, F_EXTRA), POOL)]
        };
    }

    private Object[] auction(long k, long id, long lastPerson) {
        long seller = below(bits(seed, k, F_HOT), config.hotSellersRatio()) > 0
                ? lastPerson / HOT_BATCH * HOT_BATCH
                : randomPerson(bits(seed, k, F_PICK), lastPerson);
        long initial = price(bits(seed, k, F_PRICE));
        long t = dateTime(k);
        long expires = t + 1 + Long.remainderUnsigned(bits(seed, k, F_PICK2), Math.max(2 * auctionHorizon, 1));
        return new Object[] {
            k,
            FIRST_AUCTION_ID + id,
            word(seed ^ 0x17E3L, k, 3, 20),
            descriptions[below(bits(seed, k, F_TEXT), POOL)],
            initial,
            initial + price(bits(seed, k, F_PRICE2)),
            t,
            expires,
            FIRST_PERSON_ID + seller,
            FIRST_CATEGORY_ID + below(bits(seed, k, F_HOT2), CATEGORIES),
            auctionExtra[below(bits(seed, k, F_EXTRA), POOL)]
        };
    }

    private Object[] bid(long k, long lastAuction, long lastPerson) {
        // one mix for the three choices, one for price and text: 16 bits each, plenty for ratios of a few
        long choices = bits(seed, k, F_HOT);
        long auction = hot(choices, config.hotAuctionRatio())
                ? lastAuction / HOT_BATCH * HOT_BATCH
                : Math.max(lastAuction - config.inFlightAuctions(), 0)
                        + below(
                                bits(seed, k, F_PICK),
                                (int) Math.min(lastAuction, config.inFlightAuctions()) + 1 + ID_LEAD);
        long bidder = hot(choices >>> 16, config.hotBiddersRatio())
                ? lastPerson / HOT_BATCH * HOT_BATCH + 1
                : randomPerson(bits(seed, k, F_PICK2), lastPerson);
        int c = (choices & (1L << 32)) == 0
                ? COLD_CHANNELS + (int) ((choices >>> 33) & 3)
                : below(choices, COLD_CHANNELS);
        long priceAndText = bits(seed, k, F_PRICE);
        return new Object[] {
            k,
            FIRST_AUCTION_ID + auction,
            FIRST_PERSON_ID + bidder,
            price(priceAndText),
            channels[c],
            urls[c],
            dateTime(k),
            bidExtra[(int) (priceAndText & (POOL - 1))]
        };
    }

    /** True with probability 1 − 1/ratio, from the low 16 bits: a uniform draw in [0, ratio) is above 0. */
    private static boolean hot(long bits, int ratio) {
        return ((bits & 0xFFFF) * ratio) >>> 16 > 0;
    }

    /** One of the last active_people persons or up to 10 ids ahead (base-0 id). */
    private long randomPerson(long bits, long lastPerson) {
        long active = Math.min(lastPerson + 1, config.activePeople());
        return lastPerson + 1 - active + below(bits, (int) active + ID_LEAD);
    }

    /** Cents, log-uniform over [100, 10^8): 100 · 10^(6 · i / 2^20) for a uniform 20-bit i. */
    static long price(long bits) {
        int i = (int) (bits >>> 44);
        return Math.round(PRICE_HIGH[i >>> 10] * PRICE_LOW[i & 1023]);
    }

    /**
     * A row that ends its stream: event time {@code time}, ids that match no event (-1; an
     * auction's seller -2, so that a terminal person and auction do not join), no text. Engines
     * whose windows close on the next event are sent one per stream after the last event, so
     * that the last windows close.
     */
    public static Object[] terminal(int kind, long seq, long time) {
        return switch (kind) {
            case PERSON -> new Object[] {seq, -1L, "", "", "", "", "", time, ""};
            case AUCTION -> new Object[] {seq, -1L, "", "", 0L, 0L, time, time, -2L, -1L, ""};
            default -> new Object[] {seq, -1L, -1L, 0L, "", "", time, ""};
        };
    }

    /** Extra text about {@code average} long (±20 %), made once per generator. */
    private String[] pool(int which, int average) {
        int avg = Math.max(average, 0);
        int delta = avg / 5;
        String[] pool = new String[POOL];
        for (int i = 0; i < POOL; i++) {
            pool[i] = word(~seed ^ which, i, avg - delta, avg + delta + 1);
        }
        return pool;
    }

    /** Lower-case letters, length uniform in [min, max), drawn from (s, k). */
    private static String word(long s, long k, int min, int max) {
        int length = min + (max > min ? below(bits(s, k, F_TEXT), max - min) : 0);
        char[] text = new char[length];
        long b = 0;
        for (int i = 0; i < length; i++) {
            if (i % 12 == 0) {
                b = bits(s, k, 100 + i); // 12 letters of 5 bits from each word
            }
            text[i] = (char) ('a' + (int) ((b & 31) % 26));
            b >>>= 5;
        }
        return new String(text);
    }
}
