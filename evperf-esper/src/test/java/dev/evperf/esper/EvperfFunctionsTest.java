package dev.evperf.esper;

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

/** evperfLog in EPL: each event the statement selects logs (id, value) on its channel before send returns. */
class EvperfFunctionsTest {
    @AfterEach
    void uninstall() {
        LogChannels.install(null);
    }

    @Test
    void selectedEventsAreLoggedOnTheirChannelInsideSend() throws Exception {
        MemoryChannels registry = new MemoryChannels();
        LogChannels.install(registry);
        try (Engine engine = new EsperEngineFactory()
                .open(EsperEngineFactoryTest.spec(
                        "insert into OutputStream select evperfLog('big', id, volume) as id, price from StockStream(price > 2);"
                                + "\ninsert into AllStream select evperfLog('all', id) as id from StockStream;"))) {
            List<Object> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add(row[0]));
            InputHandle in = engine.input("StockStream");
            for (int i = 0; i < 5; i++) {
                in.send(EsperEngineFactoryTest.stock(i, "X", i));
                assertThat(registry.get("all").size()).isEqualTo(i + 1); // logged before send returned
            }
            MemoryChannels.Memory big = registry.get("big");
            assertThat(big.ids()).containsExactly(3L, 4L);
            assertThat(big.value(0)).isEqualTo(30L); // volume = id * 10
            assertThat(big.value(1)).isEqualTo(40L);
            assertThat(registry.get("all").ids()).containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(registry.get("all").value(4)).isZero();
            assertThat(out).containsExactly(3L, 4L);
        }
    }

    @Test
    void aChannelNameThatIsNotAStringIsACompileError() {
        assertThatThrownBy(() -> new EsperEngineFactory()
                        .open(EsperEngineFactoryTest.spec(
                                "insert into OutputStream select evperfLog(id, id) as id from StockStream;")))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("evperfLog");
    }
}
