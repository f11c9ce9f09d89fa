package dev.evperf.suites.nexmark.data;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.util.List;

/**
 * The three input streams of Nexmark, with Nexmark's field names (money in cents, times in epoch ms).
 * Every row starts with {@code seq}, the event's sequence number over all three streams, so that an
 * output names the input that caused it. The constants are field positions in the rows.
 */
public final class NexmarkStreams {
    private NexmarkStreams() {}

    public static final String PERSON = "person";
    public static final String AUCTION = "auction";
    public static final String BID = "bid";

    // person(seq, id, name, emailAddress, creditCard, city, state, dateTime, extra)
    public static final int P_SEQ = 0,
            P_ID = 1,
            P_NAME = 2,
            P_EMAIL = 3,
            P_CARD = 4,
            P_CITY = 5,
            P_STATE = 6,
            P_TIME = 7,
            P_EXTRA = 8;
    // auction(seq, id, itemName, description, initialBid, reserve, dateTime, expires, seller, category, extra)
    public static final int A_SEQ = 0,
            A_ID = 1,
            A_ITEM = 2,
            A_DESC = 3,
            A_INITIAL = 4,
            A_RESERVE = 5,
            A_TIME = 6,
            A_EXPIRES = 7,
            A_SELLER = 8,
            A_CATEGORY = 9,
            A_EXTRA = 10;
    // bid(seq, auction, bidder, price, channel, url, dateTime, extra)
    public static final int B_SEQ = 0,
            B_AUCTION = 1,
            B_BIDDER = 2,
            B_PRICE = 3,
            B_CHANNEL = 4,
            B_URL = 5,
            B_TIME = 6,
            B_EXTRA = 7;

    public static final StreamSchema PERSON_SCHEMA = new StreamSchema(
            PERSON,
            List.of(
                    f("seq", FieldType.LONG),
                    f("id", FieldType.LONG),
                    f("name", FieldType.STRING),
                    f("emailAddress", FieldType.STRING),
                    f("creditCard", FieldType.STRING),
                    f("city", FieldType.STRING),
                    f("state", FieldType.STRING),
                    f("dateTime", FieldType.LONG),
                    f("extra", FieldType.STRING)));

    public static final StreamSchema AUCTION_SCHEMA = new StreamSchema(
            AUCTION,
            List.of(
                    f("seq", FieldType.LONG),
                    f("id", FieldType.LONG),
                    f("itemName", FieldType.STRING),
                    f("description", FieldType.STRING),
                    f("initialBid", FieldType.LONG),
                    f("reserve", FieldType.LONG),
                    f("dateTime", FieldType.LONG),
                    f("expires", FieldType.LONG),
                    f("seller", FieldType.LONG),
                    f("category", FieldType.LONG),
                    f("extra", FieldType.STRING)));

    public static final StreamSchema BID_SCHEMA = new StreamSchema(
            BID,
            List.of(
                    f("seq", FieldType.LONG),
                    f("auction", FieldType.LONG),
                    f("bidder", FieldType.LONG),
                    f("price", FieldType.LONG),
                    f("channel", FieldType.STRING),
                    f("url", FieldType.STRING),
                    f("dateTime", FieldType.LONG),
                    f("extra", FieldType.STRING)));

    /** The schemas in kind order: {@link NexmarkGenerator#PERSON}, {@code AUCTION}, {@code BID}. */
    public static final List<StreamSchema> ALL = List.of(PERSON_SCHEMA, AUCTION_SCHEMA, BID_SCHEMA);

    /** The position of {@code dateTime} in a row of the stream of this kind. */
    public static int timeIndex(int kind) {
        return kind == NexmarkGenerator.PERSON ? P_TIME : kind == NexmarkGenerator.AUCTION ? A_TIME : B_TIME;
    }

    static Field f(String name, FieldType type) {
        return new Field(name, type);
    }
}
