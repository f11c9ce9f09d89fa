package dev.evperf.flink;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;

/** Between evperf's field types and Flink's: input rows in, output columns out. */
final class Rows {
    private Rows() {}

    static RowTypeInfo typeOf(StreamSchema schema) {
        TypeInformation<?>[] types = new TypeInformation<?>[schema.size()];
        String[] names = new String[schema.size()];
        for (int i = 0; i < types.length; i++) {
            Field f = schema.fields().get(i);
            names[i] = f.name();
            types[i] = switch (f.type()) {
                case INT -> Types.INT;
                case LONG -> Types.LONG;
                case FLOAT -> Types.FLOAT;
                case DOUBLE -> Types.DOUBLE;
                case STRING -> Types.STRING;
                case BOOL -> Types.BOOLEAN;
            };
        }
        return new RowTypeInfo(types, names);
    }

    /** The field type an output column is sent as: times as epoch milliseconds, decimals as doubles, the rest as text. */
    static FieldType fieldType(LogicalType t) {
        return switch (t.getTypeRoot()) {
            case INTEGER, SMALLINT, TINYINT -> FieldType.INT;
            case BIGINT,
                    TIMESTAMP_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                    TIMESTAMP_WITH_TIME_ZONE -> FieldType.LONG;
            case FLOAT -> FieldType.FLOAT;
            case DOUBLE, DECIMAL -> FieldType.DOUBLE;
            case BOOLEAN -> FieldType.BOOL;
            default -> FieldType.STRING;
        };
    }

    /** An output value as {@link #fieldType} says. */
    static Object value(Object v, FieldType type) {
        if (v == null) return null;
        if (v instanceof Instant i) return i.toEpochMilli();
        if (v instanceof LocalDateTime t) return t.toInstant(ZoneOffset.UTC).toEpochMilli();
        if (v instanceof BigDecimal d) return d.doubleValue();
        if (v instanceof Short || v instanceof Byte) return ((Number) v).intValue();
        if (type == FieldType.STRING && !(v instanceof String)) return v.toString();
        return v;
    }

    static List<Field> fields(List<String> names, FieldType[] types) {
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < types.length; i++) out.add(new Field(names.get(i), types[i]));
        return out;
    }
}
