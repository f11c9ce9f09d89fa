package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import dev.evperf.core.workload.Components;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The yaml block of docs/workload.md (the README's "Workload format" links to it) is the reference
 * a new user copies from: it must be a workload evperf accepts as it stands (so every key it shows sits where it belongs), and it must
 * name every key the workload file takes.
 */
class ReadmeWorkloadTest {
    @TempDir
    Path tmp;

    static String block() throws Exception {
        String readme =
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/workload.md"));
        Matcher m = Pattern.compile("# Workload format\\s+.*?```yaml\\n(.*?)```", Pattern.DOTALL)
                .matcher(readme);
        assertThat(m.find())
                .as("docs/workload.md has a yaml block under 'Workload format'")
                .isTrue();
        return m.group(1);
    }

    @Test
    void theFormatBlockIsAValidWorkload() throws Exception {
        Cli cli = Cli.run("run", Cli.write(tmp, "readme.yaml", block()).toString(), "--dry-run");
        assertThat(cli.exit).as(cli.toString()).isZero();
    }

    @Test
    void theFormatBlockNamesEveryKeyAWorkloadTakes() throws Exception {
        String text = block();
        assertThat(keys())
                .hasSizeGreaterThan(80)
                .contains("arrivals", "seed", "pre_run", "random_walk", "drain_quiet", "trace_capacity");
        Set<String> missing = new TreeSet<>();
        for (String key : keys()) {
            if (!Pattern.compile("(^|[\\s{,])" + Pattern.quote(key) + ":")
                    .matcher(text)
                    .find()) missing.add(key);
        }
        assertThat(missing)
                .as("keys of the workload file the format block of docs/workload.md does not show")
                .isEmpty();
    }

    /** Every property name of the workload's classes, as the YAML loader reads them. */
    static Set<String> keys() {
        Set<String> out = new TreeSet<>();
        List<JavaType> todo = new ArrayList<>(List.of(WorkloadLoader.YAML.constructType(Workload.class)));
        Set<Class<?>> seen = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            JavaType t = todo.remove(todo.size() - 1);
            while (t.isContainerType()) t = t.getContentType();
            if (!seen.add(t.getRawClass())
                    || t.getRawClass().getEnclosingClass() != Workload.class
                            && t.getRawClass().getEnclosingClass() != Components.class
                            && t.getRawClass() != Workload.class) continue;
            BeanDescription d = WorkloadLoader.YAML.getDeserializationConfig().introspect(t);
            for (BeanPropertyDefinition p : d.findProperties()) {
                if (!p.couldDeserialize()) continue;
                out.add(p.getName());
                todo.add(p.getPrimaryType());
            }
        }
        return out;
    }
}
