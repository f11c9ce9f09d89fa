package dev.evperf.suites.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.suites.nexmark.data.EventDelay;
import org.junit.jupiter.api.Test;

/** The suites' lengths of event time are written and parsed as every evperf duration (Dur). */
class SpanTest {
    @Test
    void aSpanIsWholeMilliseconds() {
        assertThat(Span.parse("500ms").millis()).isEqualTo(500);
        assertThat(Span.parse("10m").millis()).isEqualTo(600_000);
        assertThat(Span.parse("12h").toString()).isEqualTo("12h");
        assertThat(Span.parse("0.5s")).isEqualTo(new Span(500));
        assertThatThrownBy(() -> Span.parse("1.5ms")).hasMessage("'1.5ms' is not a whole number of milliseconds");
        assertThatThrownBy(() -> Span.parse("ten seconds"))
                .hasMessage("'ten seconds' is not a span; expected e.g. 500ms, 10s, 10m, 12h");
        assertThatThrownBy(() -> Span.parse("0")).hasMessageContaining("must be positive");
    }

    @Test
    void anEventDelayIsNanoseconds() {
        assertThat(EventDelay.parse("100us").nanos()).isEqualTo(100_000);
        assertThat(EventDelay.parse("0.5ms").nanos()).isEqualTo(500_000);
        assertThat(EventDelay.parse("250 ns").toString()).isEqualTo("250ns");
        assertThatThrownBy(() -> EventDelay.parse("3 parsecs"))
                .hasMessage("'3 parsecs' is not a delay; expected e.g. 100us, 0.5ms, 250ns");
        assertThatThrownBy(() -> EventDelay.parse("0ns")).hasMessageContaining("must be positive");
    }
}
