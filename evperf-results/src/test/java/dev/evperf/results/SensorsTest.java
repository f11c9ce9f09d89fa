package dev.evperf.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one reader of sensors.csv, which the spikes, the disturbance and the report's charts share. */
class SensorsTest {
    @Test
    void oneSeriesPerSensorInTimeOrder(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(Layout.SENSORS),
                """
                t_ns,sensor,value
                200,sensor://b,2
                100,sensor://b,1
                100,sensor://virtual/a,b,5
                300,sensor://b,
                """);
        Sensors s = Sensors.load(dir);
        assertThat(s.all().keySet()).containsExactly("sensor://b", "sensor://virtual/a,b");
        assertThat(s.get("sensor://b").t()).containsExactly(100, 200, 300);
        assertThat(s.get("sensor://b").v()).containsExactly(1, 2, Double.NaN);
        assertThat(s.withPrefix("sensor://virtual/")).containsOnlyKeys("sensor://virtual/a,b");
        assertThat(Sensors.load(dir.resolve("none"))).isSameAs(Sensors.EMPTY);
    }

    @Test
    void aBadRowIsOneLineNamingFileAndLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(Layout.SENSORS), "t_ns,sensor,value\n100,sensor://b,x\n");
        assertThatThrownBy(() -> Sensors.load(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(dir.resolve(Layout.SENSORS) + ":2: t_ns and value must be numbers: 100,sensor://b,x");
    }
}
