package dev.evperf.kafka.io;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The value of every record evperf writes to Kafka, and of every output record its adapters'
 * engines write: a header, then the row's fields in schema order.
 * <pre>
 * byte  kind       0 = event, 1 = end of input (a poison pill)
 * long  seq        event: its sequence number (-1 when unknown); end: the sender's index
 * long  intended   event: its intended send time, driver's System.nanoTime() (Long.MIN_VALUE when
 *                  unknown); end: how many senders write end markers to each partition
 * per field: byte 0 (null) or 1, then int 4 / long 8 / float 4 / double 8 / bool 1 byte /
 *            string: int length + UTF-8 bytes, big-endian
 * </pre>
 * Binary and schema-driven because the driver writes it on its hot path and the sink reads it
 * on the object factory's thread; an end marker has no fields.
 */
public final class RowCodec {
    public static final byte EVENT = 0;
    public static final byte END = 1;
    static final int HEADER = 1 + 8 + 8;
    public static final long NO_SEQ = -1;
    public static final long NO_TIME = Long.MIN_VALUE;

    private final FieldType[] types;

    public RowCodec(List<Field> fields) {
        this.types = fields.stream().map(Field::type).toArray(FieldType[]::new);
    }

    public int size() {
        return types.length;
    }

    public byte[] encode(Object[] row, long seq, long intendedNanos) {
        int size = HEADER;
        byte[][] strings = null;
        for (int i = 0; i < types.length; i++) {
            size += 1;
            if (row[i] == null) continue;
            switch (types[i]) {
                case INT, FLOAT -> size += 4;
                case LONG, DOUBLE -> size += 8;
                case BOOL -> size += 1;
                case STRING -> {
                    if (strings == null) strings = new byte[types.length][];
                    strings[i] = row[i].toString().getBytes(StandardCharsets.UTF_8);
                    size += 4 + strings[i].length;
                }
            }
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        b.put(EVENT).putLong(seq).putLong(intendedNanos);
        for (int i = 0; i < types.length; i++) {
            Object v = row[i];
            if (v == null) {
                b.put((byte) 0);
                continue;
            }
            b.put((byte) 1);
            switch (types[i]) {
                case INT -> b.putInt(((Number) v).intValue());
                case LONG -> b.putLong(((Number) v).longValue());
                case FLOAT -> b.putFloat(((Number) v).floatValue());
                case DOUBLE -> b.putDouble(((Number) v).doubleValue());
                case BOOL -> b.put((byte) (((Boolean) v) ? 1 : 0));
                case STRING -> b.putInt(strings[i].length).put(strings[i]);
            }
        }
        return b.array();
    }

    /** An end-of-input marker from one of {@code senders} senders. */
    public static byte[] end(int sender, int senders) {
        return ByteBuffer.allocate(HEADER)
                .put(END)
                .putLong(sender)
                .putLong(senders)
                .array();
    }

    public static boolean isEnd(byte[] value) {
        return value.length >= HEADER && value[0] == END;
    }

    /** The sequence number (event) or the sender's index (end marker). */
    public static long seq(byte[] value) {
        return ByteBuffer.wrap(value, 1, 8).getLong();
    }

    /** The intended send time (event) or the number of senders (end marker). */
    public static long intended(byte[] value) {
        return ByteBuffer.wrap(value, 9, 8).getLong();
    }

    /** The row of an event record. */
    public Object[] decode(byte[] value) {
        ByteBuffer b = ByteBuffer.wrap(value, HEADER, value.length - HEADER);
        Object[] row = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (b.get() == 0) continue;
            row[i] = switch (types[i]) {
                case INT -> b.getInt();
                case LONG -> b.getLong();
                case FLOAT -> b.getFloat();
                case DOUBLE -> b.getDouble();
                case BOOL -> b.get() != 0;
                case STRING -> {
                    byte[] s = new byte[b.getInt()];
                    b.get(s);
                    yield new String(s, StandardCharsets.UTF_8);
                }
            };
        }
        return row;
    }
}
