package dev.evperf.monitor.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cpufreq sensors read each CPU's scaling_cur_freq as the kernel writes it (kHz), from a sysfs
 * tree laid out as Linux lays it out (this VM has none, so the tree is made here).
 */
class CpufreqSensorsTest {
    @TempDir
    Path sys;

    @Test
    void oneSensorPerCpuThatExposesItsFrequencyReadAtEachSample() throws Exception {
        Path f0 = Files.createDirectories(sys.resolve("cpu0/cpufreq")).resolve("scaling_cur_freq");
        Path f1 = Files.createDirectories(sys.resolve("cpu1/cpufreq")).resolve("scaling_cur_freq");
        Files.createDirectories(sys.resolve("cpu2")); // a CPU without cpufreq
        Files.writeString(f0, "2900000\n");
        Files.writeString(f1, "1200000\n");
        List<Sensor> s = ProcSensors.cpufreq(sys, List.of("cpu", "cpu0", "cpu1", "cpu2"));
        assertThat(s)
                .extracting(Sensor::uri)
                .containsExactly("sensor://cpufreq/cpu/frequency_khz#cpu0", "sensor://cpufreq/cpu/frequency_khz#cpu1");
        assertThat(s.get(0).sample()).isEqualTo(2_900_000.0);
        assertThat(s.get(1).sample()).isEqualTo(1_200_000.0);
        Files.writeString(f1, "3100000\n"); // the governor moved: the next sample sees it
        assertThat(s.get(1).sample()).isEqualTo(3_100_000.0);
        Files.writeString(f1, "garbage\n"); // a value that is not a number is a missing sample
        assertThat(s.get(1).sample()).isNaN();
    }

    @Test
    void aMachineWithoutCpufreqHasNoFrequencySensors() {
        assertThat(ProcSensors.cpufreq(sys, List.of("cpu", "cpu0", "cpu1"))).isEmpty();
    }
}
