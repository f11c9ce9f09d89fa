package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;
import static dev.evperf.api.FieldType.STRING;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Span;
import java.util.List;

/**
 * q8, monitor new users: persons who opened an auction in the same tumbling window in which they
 * registered. Nexmark joins the distinct (id, name) of each person window with the distinct sellers
 * of the auction window of the same bounds; one row {@code (wend, id, name)} per such person (Nexmark
 * outputs the window's start; the end is the slot here, as for every window row). A window closes
 * when both streams have passed its end.
 *
 * @param window the window's length (10 s)
 */
public record NewUsers(NexmarkConfig data, Span window) implements NexmarkQuery {
    public NewUsers {
        data = Outputs.data(data);
        window = Outputs.window(window, "window", 10_000);
    }

    @Override
    public String name() {
        return "q8";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.PERSON_SCHEMA, NexmarkStreams.AUCTION_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(Outputs.perWindow(Outputs.fields("wend", LONG, "id", LONG, "name", STRING), "id"));
    }

    @Override
    public Windows windows() {
        return new Windows(List.of(NexmarkGenerator.PERSON, NexmarkGenerator.AUCTION), window.millis());
    }

    @Override
    public String label() {
        return "q8 new users window=" + window;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.newUsers(this);
    }
}
