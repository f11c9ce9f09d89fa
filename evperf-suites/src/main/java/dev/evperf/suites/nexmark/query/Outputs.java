package dev.evperf.suites.nexmark.query;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.spec.Specs;
import java.util.ArrayList;
import java.util.List;

/** Field lists and checks the query records share. */
final class Outputs {
    static final String OUT = "Out";

    private Outputs() {}

    static NexmarkConfig data(NexmarkConfig data) {
        return data == null ? NexmarkConfig.DEFAULT : data;
    }

    /** Fields named and typed alternately: {@code fields("seq", LONG, "name", STRING)}. */
    static List<Field> fields(Object... nameAndType) {
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < nameAndType.length; i += 2) {
            out.add(new Field((String) nameAndType[i], (FieldType) nameAndType[i + 1]));
        }
        return out;
    }

    /** Rows caused by one input each: the slot is their {@code seq}. */
    static OutputSchema perInput(List<Field> fields, String seqField) {
        return new OutputSchema(OUT, fields, seqField, List.of());
    }

    /** Rows of event-time windows: the slot is {@code wend}; within it, a row is named by {@code identity}. */
    static OutputSchema perWindow(List<Field> fields, String identity) {
        return new OutputSchema(OUT, fields, "wend", List.of(identity));
    }

    static Span window(Span w, String field, long dflt) {
        Span s = w == null ? new Span(dflt) : w;
        Specs.check(s.millis() >= 1, field, "must be at least 1 ms");
        return s;
    }
}
