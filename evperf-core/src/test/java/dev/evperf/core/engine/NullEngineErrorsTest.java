package dev.evperf.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineContract;
import dev.evperf.api.EngineErrorContract;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The error contract on the null engine (error_every), and its throw_every and option checks. */
class NullEngineErrorsTest implements EngineErrorContract {
    @Override
    public EngineFactory factory() {
        return new NullEngineFactory();
    }

    @Override
    public EngineSpec failingSpec() {
        return spec(Map.of("error_every", 2));
    }

    /** Sends are counted from 1: every second one (ids 1, 3, 5, …) fails. */
    @Override
    public boolean fails(long id, float price) {
        return id % 2 == 1;
    }

    static EngineSpec spec(Map<String, Object> options) {
        return new EngineSpec(List.of(EngineContract.STOCK), "", List.of("OutputStream"), options);
    }

    @Test
    void throwEveryThrowsOutOfTheSend() throws Exception {
        try (Engine engine = factory().open(spec(Map.of("throw_every", 3)))) {
            InputHandle in = engine.input("StockStream");
            in.send(EngineContract.stock(0, "A", 1));
            in.send(EngineContract.stock(1, "A", 1));
            assertThatThrownBy(() -> in.send(EngineContract.stock(2, "A", 1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("throw_every 3");
        }
    }

    @Test
    void optionsAreChecked() {
        assertThatThrownBy(() -> factory().open(spec(Map.of("error_every", 0))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("error_every must be a whole number >= 1");
        assertThatThrownBy(() -> factory().open(spec(Map.of("fail", 1))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("service_time, error_every, throw_every");
        assertThat(factory().name()).isEqualTo("null");
    }
}
