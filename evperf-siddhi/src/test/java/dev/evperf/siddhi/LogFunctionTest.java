package dev.evperf.siddhi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.api.channel.LogChannel;
import dev.evperf.api.channel.LogChannels;
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
    /** A registry that keeps what is logged, per channel name, in memory. */
    static final class Kept implements LogChannel {
        final String name;
        final List<long[]> records = new ArrayList<>();

        Kept(String name) {
            this.name = name;
        }

        @Override
        public void log(long id, long value) {
            records.add(new long[] {id, value});
        }

        @Override
        public void log(long timestamp, long id, long value) {
            log(id, value);
        }

        @Override
        public String name() {
            return name;
        }
    }

    @AfterEach
    void uninstall() {
        LogChannels.install(null);
    }

    @Test
    void eachPassingEventIsLoggedOnItsChannelBeforeSendReturns() throws Exception {
        List<Kept> opened = new ArrayList<>();
        LogChannels.install(name -> {
            Kept k = new Kept(name);
            opened.add(k);
            return k;
        });
        try (Engine engine = new SiddhiEngineFactory().open(SiddhiEngineFactoryTest.spec(
                "from StockStream[price > 50] select evperf:log('expensive', id, volume) as id, price insert into OutputStream;"))) {
            assertThat(opened).extracting(k -> k.name).containsExactly("expensive"); // once, at compile time
            List<Long> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add((Long) row[0]));
            InputHandle in = engine.input("StockStream");
            for (int i = 0; i < 100; i++) {
                in.send(SiddhiEngineFactoryTest.stock(i, "X", i));
                assertThat(opened.get(0).records).hasSize(Math.max(0, i - 50));
            }
            assertThat(out).containsExactlyElementsOf(opened.get(0).records.stream().map(r -> r[0]).toList());
            assertThat(opened.get(0).records.get(0)).containsExactly(51L, 510L); // id, volume = id * 10
        }
    }

    @Test
    void withoutAnInstalledRegistryTheQueryStillRunsAndLogsNowhere() throws Exception {
        try (Engine engine = new SiddhiEngineFactory().open(SiddhiEngineFactoryTest.spec(
                "from StockStream select evperf:log('c', id) as id insert into OutputStream;"))) {
            List<Long> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add((Long) row[0]));
            engine.input("StockStream").send(SiddhiEngineFactoryTest.stock(7, "X", 1));
            assertThat(out).containsExactly(7L);
        }
    }

    @Test
    void wrongArgumentsAreACompileErrorNamingTheFunction() {
        assertThatThrownBy(() -> new SiddhiEngineFactory().open(SiddhiEngineFactoryTest.spec(
                "from StockStream select evperf:log(id) as id insert into OutputStream;")))
                .isInstanceOf(EngineException.class).hasMessageContaining("evperf:log takes ('channel name', id [, value])");
        assertThatThrownBy(() -> new SiddhiEngineFactory().open(SiddhiEngineFactoryTest.spec(
                "from StockStream select evperf:log('c', symbol) as id insert into OutputStream;")))
                .isInstanceOf(EngineException.class).hasMessageContaining("the id must be an int or long, not STRING");
    }
}
