package dev.evperf.ref.op;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Stream-to-table join on ID with the table in a database (seed 001's Q6 with table1 in PostgreSQL):
 * each stream event emits {@code (seq, ID, A1, F1..Fw)} with its ID's row, or nothing. Two ways:
 * <ul>
 * <li>one primary-key lookup per event as it arrives ({@code select F1.. from table where ID = ?}),
 *     outputs inside its send;</li>
 * <li>batched ({@code join: grace}): B events are buffered and their rows fetched in one query
 *     ({@code where ID = any(?)}), one round trip per batch instead of per event; the batch's outputs
 *     leave, in arrival order, during the send of its last event or at drain.</li>
 * </ul>
 * The connection is the operator's own, opened when the query is planned and closed with the engine.
 * A failed lookup is that event's error (a batch's: every event of it).
 */
public final class DatabaseJoinOp implements Operator {
    private final Connection connection;
    private final PreparedStatement one;
    private final PreparedStatement many;
    private final int width;
    private final int seqField;
    private final int idField;
    private final int a1Field;
    private final Output out;
    private final Object[] row;
    private final Object[][] pending;
    private int buffered;

    /** @param batch 1 for a lookup per event */
    public DatabaseJoinOp(
            Connection connection,
            String table,
            int width,
            int seqField,
            int idField,
            int a1Field,
            int batch,
            Output out)
            throws SQLException {
        this.connection = connection;
        StringBuilder columns = new StringBuilder();
        for (int f = 1; f <= width; f++)
            columns.append(f == 1 ? "" : ", ").append('F').append(f);
        this.one = connection.prepareStatement("select " + columns + " from " + table + " where ID = ?");
        this.many = batch > 1
                ? connection.prepareStatement("select ID, " + columns + " from " + table + " where ID = any(?)")
                : null;
        this.width = width;
        this.seqField = seqField;
        this.idField = idField;
        this.a1Field = a1Field;
        this.out = out;
        this.row = new Object[3 + width];
        this.pending = batch > 1 ? new Object[batch][] : null;
    }

    @Override
    public void onEvent(Object[] e) {
        if (pending == null) {
            lookup(e);
            return;
        }
        pending[buffered++] = e;
        if (buffered == pending.length) flush();
    }

    private void lookup(Object[] e) {
        try {
            one.setInt(1, (Integer) e[idField]);
            try (ResultSet r = one.executeQuery()) {
                if (r.next()) emit(e, r, 1);
            }
        } catch (SQLException x) {
            throw new IllegalStateException("the table lookup failed: " + x.getMessage(), x);
        }
    }

    @Override
    public void flush() {
        if (buffered == 0) return;
        int n = buffered;
        buffered = 0;
        Integer[] ids = new Integer[n];
        for (int i = 0; i < n; i++) ids[i] = (Integer) pending[i][idField];
        Map<Integer, Object[]> rows = new HashMap<>();
        try {
            Array array = connection.createArrayOf("integer", ids);
            many.setArray(1, array);
            try (ResultSet r = many.executeQuery()) {
                while (r.next()) {
                    Object[] values = new Object[width];
                    for (int f = 0; f < width; f++) values[f] = r.getDouble(2 + f);
                    rows.put(r.getInt(1), values);
                }
            }
            array.free();
        } catch (SQLException x) {
            Arrays.fill(pending, 0, n, null);
            throw new IllegalStateException("the batch's table lookup (" + n + " events) failed: " + x.getMessage(), x);
        }
        for (int i = 0; i < n; i++) {
            Object[] values = rows.get(ids[i]);
            if (values != null) {
                fill(pending[i]);
                System.arraycopy(values, 0, row, 3, width);
                out.emit(row);
            }
        }
        Arrays.fill(pending, 0, n, null);
    }

    private void emit(Object[] e, ResultSet r, int from) throws SQLException {
        fill(e);
        for (int f = 0; f < width; f++) row[3 + f] = r.getDouble(from + f);
        out.emit(row);
    }

    private void fill(Object[] e) {
        row[0] = e[seqField];
        row[1] = e[idField];
        row[2] = e[a1Field];
    }

    @Override
    public boolean emitsOnItsInput() {
        return pending == null;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing: nothing more to do with it
        }
    }
}
