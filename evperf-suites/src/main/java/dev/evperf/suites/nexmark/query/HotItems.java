package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.spec.Specs;
import java.util.List;

/**
 * q5, hot items: per hopping window of bids ({@code HOP(bid, dateTime, slide, window)}), the
 * auctions with the most bids: {@code (wend, auction, num)} for every auction whose count equals the
 * window's largest (ties give several rows), as Nexmark's join of the per-auction counts with their
 * maximum ({@code num >= maxn}).
 *
 * @param window the window's length (10 s)
 * @param slide  how far windows hop (2 s); window must be a multiple
 */
public record HotItems(NexmarkConfig data, Span window, Span slide) implements NexmarkQuery {
    public HotItems {
        data = Outputs.data(data);
        window = Outputs.window(window, "window", 10_000);
        slide = Outputs.window(slide, "slide", 2_000);
        Specs.check(window.millis() % slide.millis() == 0, "window", window + " is not a multiple of slide " + slide);
    }

    /** How many windows each bid is in. */
    public int hops() {
        return (int) (window.millis() / slide.millis());
    }

    @Override
    public String name() {
        return "q5";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(Outputs.perWindow(Outputs.fields("wend", LONG, "auction", LONG, "num", LONG), "auction"));
    }

    @Override
    public Windows windows() {
        return new Windows(List.of(NexmarkGenerator.BID), window.millis());
    }

    @Override
    public String label() {
        return "q5 hot items window=" + window + " slide=" + slide;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.hotItems(this);
    }
}
