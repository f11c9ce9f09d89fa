package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Q6, the stream-to-table join: {@code SELECT * FROM stream1 AS S, table1 AS T WHERE S.ID = T.ID}.
 * table1 has {@code rows} rows {@code (ID, F1..F9)}, ID = 1..rows, and MAX_ID = rows, so every event
 * matches exactly one row: one output {@code (seq, ID, A1, F1..F9)} per input.
 *
 * <p>{@code memory} (J2): the engine keeps the table; its rows arrive on the input stream
 * {@code table1_rows} before any stream1 event. {@code database} (J3): the table is in PostgreSQL and
 * every event queries it.
 *
 * @param rows  the table's size (1 K…10 M; database to 100 M)
 * @param table where the table lives
 */
public record TableJoin(Stream1 stream, Integer rows, Table table) implements QuerySpec {
    /** The table, in the engine or the database. */
    public static final String TABLE = "table1";
    /** The input stream that fills the in-memory table. */
    public static final String ROWS = "table1_rows";

    public static final int TABLE_FIELDS = 9;

    public enum Table {
        MEMORY,
        DATABASE;

        @JsonValue
        public String yamlName() {
            return Specs.yamlName(this);
        }

        @JsonCreator
        public static Table of(String name) {
            return Specs.named(values(), name, "table");
        }
    }

    public TableJoin {
        stream = stream == null ? Stream1.DEFAULT : stream;
        Specs.check(rows != null && rows >= 1, "rows", "is required, at least 1");
        table = table == null ? Table.MEMORY : table;
    }

    @Override
    public Stream1 data() {
        return stream.withMaxId(rows);
    }

    /** {@code table1_rows(ID int, F1..F9 double)}: the input stream that fills the table (and the table's columns). */
    public static StreamSchema tableSchema() {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("ID", FieldType.INT));
        for (int i = 1; i <= TABLE_FIELDS; i++) {
            fields.add(new Field("F" + i, FieldType.DOUBLE));
        }
        return new StreamSchema(ROWS, fields);
    }

    @Override
    public List<StreamSchema> inputs() {
        StreamSchema s1 = data().schema(Stream1.STREAM1);
        return table == Table.MEMORY ? List.of(s1, tableSchema()) : List.of(s1);
    }

    @Override
    public List<OutputSchema> outputs() {
        List<Field> fields = new ArrayList<>(List.of(
                new Field("seq", FieldType.LONG), new Field("ID", FieldType.INT), new Field("A1", FieldType.DOUBLE)));
        for (int i = 1; i <= TABLE_FIELDS; i++) {
            fields.add(new Field("F" + i, FieldType.DOUBLE));
        }
        return List.of(new OutputSchema("Out", fields, "seq", List.of()));
    }

    @Override
    public String label() {
        return "table_join " + table.yamlName() + " rows=" + rows;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.tableJoin(this);
    }
}
