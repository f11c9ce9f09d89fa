package dev.evperf.api;

import java.util.Locale;

/** The field types a stream schema may use, with the Java class each engine receives. */
public enum FieldType {
    INT(Integer.class),
    LONG(Long.class),
    FLOAT(Float.class),
    DOUBLE(Double.class),
    STRING(String.class),
    BOOL(Boolean.class);

    private final Class<?> javaClass;

    FieldType(Class<?> javaClass) {
        this.javaClass = javaClass;
    }

    public Class<?> javaClass() {
        return javaClass;
    }

    /** The name used in workload files: {@code int}, {@code long}, … */
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException when the name is none of the types */
    public static FieldType fromYamlName(String name) {
        for (FieldType t : values()) {
            if (t.yamlName().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException(
                "unknown field type '" + name + "'; expected one of int, long, float, double, string, bool");
    }

    /**
     * Parses one textual value (CSV cell) into this type's Java object.
     *
     * @throws IllegalArgumentException with a short reason when the text is not a value of this type
     */
    public Object parse(String text) {
        String s = text.trim();
        try {
            switch (this) {
                case INT:
                    return Integer.valueOf(s);
                case LONG:
                    return Long.valueOf(s);
                case FLOAT:
                    return Float.valueOf(s);
                case DOUBLE:
                    return Double.valueOf(s);
                case STRING:
                    return text;
                case BOOL:
                    if (s.equalsIgnoreCase("true")) return Boolean.TRUE;
                    if (s.equalsIgnoreCase("false")) return Boolean.FALSE;
                    throw new NumberFormatException();
                default:
                    throw new AssertionError(this);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not " + (this == INT ? "an " : "a ") + yamlName());
        }
    }

    /** Converts a generated number into this type's Java object (numeric types only). */
    public Object fromDouble(double v) {
        switch (this) {
            case INT:
                return (int) Math.round(v);
            case LONG:
                return Math.round(v);
            case FLOAT:
                return (float) v;
            case DOUBLE:
                return v;
            case STRING:
                return Double.toString(v);
            case BOOL:
                return v != 0;
            default:
                throw new AssertionError(this);
        }
    }

    public boolean isNumeric() {
        return this != STRING && this != BOOL;
    }
}
