package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's --help renders as written: picocli formats descriptions with String.format, so a
 * lone '%' (as in "bracket, %") makes it print a warning and the raw text instead.
 */
class HelpTextTest {
    @Test
    void everyCommandsHelpRendersWithoutAFormatWarning() {
        List<List<String>> commands = new ArrayList<>();
        collect(new CommandLine(new Main()), new ArrayList<>(), commands);
        assertThat(commands).hasSizeGreaterThan(10);
        PrintStream systemErr = System.err;
        ByteArrayOutputStream picocliWarnings = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(picocliWarnings, true, StandardCharsets.UTF_8));
            for (List<String> command : commands) {
                List<String> args = new ArrayList<>(command);
                args.add("--help");
                Cli cli = Cli.run(args.toArray(String[]::new));
                assertThat(cli.exit).as(String.join(" ", args)).isZero();
                assertThat(cli.out + cli.err).as(String.join(" ", args)).doesNotContain("picocli WARN");
            }
        } finally {
            System.setErr(systemErr);
        }
        assertThat(picocliWarnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        for (var sub : cl.getSubcommands().entrySet()) {
            if (sub.getKey().equals("help")) continue;
            List<String> p = new ArrayList<>(path);
            p.add(sub.getKey());
            out.add(p);
            collect(sub.getValue(), p, out);
        }
    }
}
