package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.agent.wire.Secret;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 004's XoY handler switched remotely on two sink agents (real JVMs, skewed clocks): from the
 * switch on, each records event g exactly when (g &amp; (y − 1)) &lt; x, whatever order its
 * events arrive in, so the two sinks keep the same rule over their different shares; every
 * arrival before its switch is recorded.
 */
class XoYSwitchTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    @Test
    void twoSinkAgentsSwitchedToXoYRecordTheEventsTheRuleNames() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        List<AgentAddress> all = new ArrayList<>();
        for (String n : List.of("d1", "d2", "s1", "s2"))
            all.add(agents.start(n, secretFile, "--test-clock-offset-ns", "" + n.hashCode() * 1000L)
                    .address());
        // split by rate: d1 sends the even events to s1, d2 the odd ones to s2; xoy 2/4 keeps g mod 4 in {0, 1}
        int events = 4_000;
        AgentFigures f = new AgentTrial(
                        new AgentTrial.Plan(
                                all, List.of("d1", "d2"), List.of("s1", "s2"), events, 2_000, 32, 8, 200, 15_000),
                        secret)
                .switching(List.of(AgentTrial.Switch.xoy("s1", 2, 4, 700), AgentTrial.Switch.xoy("s2", 2, 4, 700)))
                .run();
        assertThat(f.switches()).hasSize(2);
        long[] before = new long[2];
        for (HandlerSwitch sw : f.switches()) {
            assertThat(sw.setting()).isEqualTo("xoy");
            assertThat(sw.from()).as("downsample 1 before").isEqualTo(1);
            assertThat(ReceivingPart.text(sw.to())).isEqualTo("2/4");
            before[sw.agent().equals("s1") ? 0 : 1] = sw.arrivalsBefore();
        }
        assertThat(before[0]).isBetween(1L, events / 2 - 1L);
        assertThat(before[1]).isBetween(1L, events / 2 - 1L);
        int recorded = 0;
        for (int g = 0; g < events; g++) {
            int sink = g % 2;
            // over TCP a sink's k-th arrival is its driver's k-th event, g = 2k + sink
            boolean beforeSwitch = g / 2 < before[sink];
            boolean kept = beforeSwitch || (g & 3) < 2;
            assertThat(f.receipt(g) >= 0).as("event %d recorded", g).isEqualTo(kept);
            if (kept) recorded++;
        }
        assertThat(f.received()).isEqualTo(recorded);
        String summary = String.join("\n", f.summary());
        System.out.println(summary);
        assertThat(summary).contains("switch (controller's request): s1 part 0 handler downsample 1 -> xoy 2/4 at ");
    }
}
