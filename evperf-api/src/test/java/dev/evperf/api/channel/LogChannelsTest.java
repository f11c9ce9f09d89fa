package dev.evperf.api.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LogChannelsTest {
    @AfterEach
    void uninstall() {
        LogChannels.install(null);
    }

    @Test
    void withoutARegistryChannelsDropEverything() {
        assertThat(LogChannels.installed()).isFalse();
        LogChannel c = LogChannels.open("x");
        c.log(1, 2); // nothing to observe but that it does not fail
        assertThat(c.name()).contains("no channels installed");
    }

    @Test
    void theInstalledRegistryOpensEachNameOnceAndKeepsEveryRecordInOrder() {
        MemoryChannels registry = new MemoryChannels();
        LogChannels.install(registry);
        assertThat(LogChannels.installed()).isTrue();
        LogChannel a = LogChannels.open("a");
        assertThat(LogChannels.open("a")).isSameAs(a);
        long before = System.nanoTime();
        for (int i = 0; i < 1000; i++) a.log(i, -i); // past the first array's 64 records
        LogChannels.open("b").log(5, 7, 9);
        assertThat(registry.names()).containsExactly("a", "b");
        MemoryChannels.Memory m = registry.get("a");
        assertThat(m.size()).isEqualTo(1000);
        for (int i = 0; i < 1000; i++) {
            assertThat(m.id(i)).isEqualTo(i);
            assertThat(m.value(i)).isEqualTo(-i);
        }
        assertThat(m.timestamp(0)).isGreaterThanOrEqualTo(before);
        assertThat(m.timestamp(999)).isGreaterThanOrEqualTo(m.timestamp(0));
        assertThat(registry.get("b").timestamp(0)).isEqualTo(5);
        assertThatThrownBy(() -> m.id(1000)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
