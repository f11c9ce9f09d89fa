package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.driver.Driver;
import dev.evperf.core.workload.Timing;
import dev.evperf.core.workload.Workload;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SendLoopCompileTest {
    @Test
    void onlyCapacityModesJvmsGetTheOptionAndItNamesTheLoop() {
        Workload w = new Workload();
        assertThat(w.measure.timing).isEqualTo(Timing.ALL);
        assertThat(SendLoopCompile.options(w)).isEmpty();
        w.measure.timing = Timing.SAMPLED;
        assertThat(SendLoopCompile.options(w))
                .containsExactly(
                        "-XX:CompileCommand=CompileThresholdScaling,dev.evperf.core.driver.Driver::sendDue,0.05");
        // A renamed loop would leave the option naming nothing, and the JVM says nothing about that.
        assertThat(Arrays.stream(Driver.class.getDeclaredMethods()).map(Method::getName))
                .contains("sendDue");
    }
}
