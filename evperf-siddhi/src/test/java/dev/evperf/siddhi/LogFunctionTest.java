package dev.evperf.siddhi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.api.channel.LogChannels;
import dev.evperf.api.channel.MemoryChannels;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * evperf:log inside Siddhi's query path: the channel is opened once at compile time, by name, from
 * the installed registry; each event the query passes logs (id, value) before send returns. (The
 * trial's real registry, files and SIGTERM are tested end to end in evperf-cli's TrialSigtermTest.)
 */
class LogFunctionTest {
    @AfterEach
    void uninstall() {
        LogChannels.install(null);
    }

    @Test
    void eachPassingEventIsLoggedOnItsChannelBeforeSendReturns() throws Exception {
        MemoryChannels registry = new MemoryChannels();
        LogChannels.install(registry);
        try (Engine engine = new SiddhiEngineFactory()
                .open(
                        SiddhiEngineFactoryTest.spec(
                                "from StockStream[price > 50] select evperf:log('expensive', id, volume) as id, price insert into OutputStream;"))) {
            assertThat(registry.names()).containsExactly("expensive"); // opened at compile time
            MemoryChannels.Memory expensive = registry.get("expensive");
            List<Long> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add((Long) row[0]));
            InputHandle in = engine.input("StockStream");
            for (int i = 0; i < 100; i++) {
                in.send(SiddhiEngineFactoryTest.stock(i, "X", i));
                assertThat(expensive.size()).isEqualTo(Math.max(0, i - 50));
            }
            assertThat(out)
                    .containsExactlyElementsOf(
                            java.util.Arrays.stream(expensive.ids()).boxed().toList());
            assertThat(expensive.id(0)).isEqualTo(51L);
            assertThat(expensive.value(0)).isEqualTo(510L); // volume = id * 10
        }
    }

    @Test
    void withoutAnInstalledRegistryTheQueryStillRunsAndLogsNowhere() throws Exception {
        try (Engine engine = new SiddhiEngineFactory()
                .open(SiddhiEngineFactoryTest.spec(
                        "from StockStream select evperf:log('c', id) as id insert into OutputStream;"))) {
            List<Long> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add((Long) row[0]));
            engine.input("StockStream").send(SiddhiEngineFactoryTest.stock(7, "X", 1));
            assertThat(out).containsExactly(7L);
        }
    }

    @Test
    void wrongArgumentsAreACompileErrorNamingTheFunction() {
        assertThatThrownBy(() -> new SiddhiEngineFactory()
                        .open(SiddhiEngineFactoryTest.spec(
                                "from StockStream select evperf:log(id) as id insert into OutputStream;")))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("evperf:log takes ('channel name', id [, value])");
        assertThatThrownBy(() -> new SiddhiEngineFactory()
                        .open(SiddhiEngineFactoryTest.spec(
                                "from StockStream select evperf:log('c', symbol) as id insert into OutputStream;")))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("the id must be an int or long, not STRING");
    }
}
