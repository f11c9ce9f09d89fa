package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_SELLER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.PERSON;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_ID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_NAME;

import dev.evperf.suites.nexmark.query.NewUsers;
import dev.evperf.suites.reference.RowSink;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** q8: per tumbling window, the persons registered in it who are sellers of an auction opened in it. */
final class NewUsersModel extends WindowModel<NewUsersModel.Window> {
    private final String out;

    static final class Window {
        final Map<Long, String> persons = new LinkedHashMap<>();
        final Set<Long> sellers = new HashSet<>();
    }

    NewUsersModel(NewUsers q, String out) {
        super(q, q.window().millis(), Window::new);
        this.out = out;
    }

    @Override
    void add(String stream, Object[] e, Window w) {
        if (stream.equals(PERSON)) {
            w.persons.put((Long) e[P_ID], (String) e[P_NAME]);
        } else {
            w.sellers.add((Long) e[A_SELLER]);
        }
    }

    @Override
    void close(long wend, Window w, RowSink sink) {
        w.persons.forEach((id, name) -> {
            if (w.sellers.contains(id)) {
                sink.row(out, new Object[] {wend, id, name});
            }
        });
    }
}
