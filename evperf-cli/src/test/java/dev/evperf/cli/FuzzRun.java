package dev.evperf.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A workload run end to end by the {@code evperf} command in a process of its own, as a user runs it. */
final class FuzzRun {
    private static final Pattern SECONDS =
            Pattern.compile("(duration|steady|recovery|peak|ramp|step|distance): \"?(\\d+(?:\\.\\d+)?)(s|m|h)\\b\"?");
    private static final Pattern COUNT = Pattern.compile("\\b(count|size): (\\d+)\\b");

    private FuzzRun() {}

    /** The same workload with every phase shortened: durations to a hundredth, bursts to a few, so a run takes seconds. */
    static String shrink(String yaml) {
        Matcher m = SECONDS.matcher(yaml);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            double unitMs =
                    switch (m.group(3)) {
                        case "s" -> 1e3;
                        case "m" -> 60e3;
                        default -> 3600e3;
                    };
            m.appendReplacement(
                    sb,
                    m.group(1) + ": " + Math.max(1, Math.round(Double.parseDouble(m.group(2)) * unitMs / 100)) + "ms");
        }
        m.appendTail(sb);
        m = COUNT.matcher(sb.toString());
        sb = new StringBuilder();
        while (m.find())
            m.appendReplacement(
                    sb,
                    m.group(1) + ": "
                            + Math.min(Long.parseLong(m.group(2)), m.group(1).equals("count") ? 5 : 200));
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * Runs {@code evperf run workload --out runDir} as its own JVM; on the time limit the whole
     * process tree is killed and the outcome says so. After it ends, no process started for the
     * run (the controller or a trial JVM, whose command line names the run directory) may be alive.
     */
    static WorkloadFuzzTest.Outcome endToEnd(Path workload, Path runDir, long limitS)
            throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        CliProcess cli = CliProcess.start(runDir, "run", workload.toString(), "--out", runDir.toString());
        int exit = cli.waitFor(limitS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<ProcessHandle> left = CliProcess.runningFor(runDir);
        left.forEach(ProcessHandle::destroyForcibly);
        return new WorkloadFuzzTest.Outcome(
                workload.getFileName() + " (end to end)",
                exit,
                cli.err() + (left.isEmpty() ? "" : "\nprocesses left running: " + left),
                cli.out(),
                exit < 0 ? Double.MAX_VALUE : seconds);
    }
}
