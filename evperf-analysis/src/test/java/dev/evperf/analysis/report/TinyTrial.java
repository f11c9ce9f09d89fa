package dev.evperf.analysis.report;

import dev.evperf.results.TrialFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A hand-made trial directory small enough to compute every figure by hand: 3 bursts of 4
 * events, the first one a warm-up (not measured). Event times (send_end − send_start, ns):
 * <pre>
 * burst 0 (warm-up): 10 10 10 10      intended 0     burst time  40
 * burst 1:          100 50 30 20      intended 1000  burst time 200
 * burst 2:          300 40 20 10      intended 2000  burst time 370
 * </pre>
 * One output per input, received 5 ns before its input's send end (a synchronous engine).
 */
final class TinyTrial {
    static final long[] SEND_START = {10, 20, 30, 40, 1000, 1100, 1150, 1180, 2000, 2300, 2340, 2360};
    static final long[] SEND_END = {20, 30, 40, 50, 1100, 1150, 1180, 1200, 2300, 2340, 2360, 2370};
    static final long[] INTENDED = {0, 0, 0, 0, 1000, 1000, 1000, 1000, 2000, 2000, 2000, 2000};

    private TinyTrial() {}

    /**
     * @param aligned true: outputs in seq order, one per input; false: the same outputs shuffled,
     *                plus an output of unknown cause (seq −1) and a second output of seq 5 at 1160
     */
    static Path write(Path dir, boolean aligned) throws SQLException, IOException {
        Files.createDirectories(dir);
        List<TrialFixture.Event> events = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            int burst = i / 4;
            events.add(new TrialFixture.Event(
                    i, burst == 0 ? 0 : 1, burst != 0, burst, i % 4, INTENDED[i], SEND_START[i], SEND_END[i]));
        }
        int[] order = aligned
                ? new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
                : new int[] {3, 0, 1, 2, 11, 5, 4, 6, 7, 9, 8, 10};
        List<TrialFixture.Output> outputs = new ArrayList<>();
        for (int i : order) outputs.add(new TrialFixture.Output("out", i, SEND_END[i] - 5));
        if (!aligned) {
            outputs.add(new TrialFixture.Output("out", -1, 1500));
            outputs.add(new TrialFixture.Output("out", 5, 1160));
        }
        TrialFixture.events(dir, events);
        TrialFixture.outputs(dir, outputs);
        Files.writeString(
                dir.resolve("jvm-events.csv"),
                "kind,start_ns,end_ns,duration_ns,detail\n"
                        + "gc-pause,-1000,-900,100,\"before the run\"\n"
                        + "jit-compilation,100,150,50,\"a.B.c tier 4\"\n"
                        + "gc-pause,500,700,200,\"G1 Young, Pause\"\n"
                        + "safepoint,1150,1160,10,\"\"\n"
                        + "jit-compilation,2100,2500,400,\"d.E.f tier 3\"\n");
        Files.writeString(
                dir.resolve("intervals.csv"),
                "t_start_s,phase,whole,target_rate,intended_rate,input_rate,output_rate,lag_max_ms,"
                        + "processing_p50_us,processing_p99_us,processing_max_us\n"
                        + "0.000,0,1,4000.000,4000.000,4000.000,4000.000,0.050,0.010,0.010,0.010\n"
                        + "0.001,1,1,4000.000,4000.000,4000.000,4000.000,0.100,0.050,0.100,0.100\n"
                        + "0.002,1,1,4000.000,4000.000,4000.000,4000.000,0.300,0.040,0.300,0.300\n");
        Files.writeString(
                dir.resolve("sensors.csv"),
                "t_ns,sensor,value\n"
                        + "0,sensor://procfs/process/page_faults#minor,100\n"
                        + "0,sensor://jvm/heap/used_bytes,1048576\n"
                        + "1000000000,sensor://procfs/process/page_faults#minor,300\n"
                        + "1000000000,sensor://jvm/heap/used_bytes,2097152\n"
                        + "2000000000,sensor://procfs/process/page_faults#minor,350\n"
                        + "2000000000,sensor://jvm/heap/used_bytes,3145728\n"
                        + "2000000000,sensor://procfs/cpu/utilization_percent#all,50.5\n");
        Files.writeString(
                dir.resolve("result.json"),
                "{\"status\": \"ok\", \"engine\": \"null\", \"engine_version\": \"evperf null\","
                        + " \"events_sent\": 12, \"outputs_received\": 12, \"outputs_recorded\": 12, \"output_delivery\": \"sending-thread\","
                        + " \"run_ns\": 3000, \"drain_ns\": 0, \"records\": true,"
                        + " \"phases\": [{\"name\": \"warmup\", \"measure\": false, \"profile\": \"bursts\", \"first_seq\": 0, \"count\": 4, \"target_rate\": 4000.0,"
                        + " \"achieved_rate\": 4000.0, \"max_lag_ms\": 0.0, \"last_lag_ms\": 0.0},"
                        + " {\"name\": \"measure\", \"measure\": true, \"profile\": \"bursts\", \"first_seq\": 4, \"count\": 8, \"target_rate\": 4000.0,"
                        + " \"achieved_rate\": 8000.0, \"max_lag_ms\": 0.0003, \"last_lag_ms\": 0.0003}],"
                        + " \"clock\": {\"drift_ns\": 12}}");
        Files.writeString(
                dir.resolve("env.json"),
                "{\"jdk_vendor\": \"Test\", \"jdk_version\": \"17\", \"jvm_flags\": [\"-Xmx1g\"], \"cpu_freq_khz\": \"unreadable\"}");
        Files.writeString(
                dir.resolve("trial.json"),
                "{\"id\": \"t001\", \"workload\": {\"name\": \"tiny\", \"measure\": {\"skip_bursts\": 0}}}");
        return dir;
    }

    /** A run directory holding this trial as t001 (ok) and a failed t002. */
    static Path run(Path runDir, String format) throws SQLException, IOException {
        write(runDir.resolve("trials/t001"), true);
        Files.createDirectories(runDir.resolve("trials/t002"));
        String fmt = format == null ? "" : "\"format\": \"" + format + "\", ";
        Files.writeString(
                runDir.resolve("run.json"),
                "{" + fmt + "\"workload_file\": \"/x/tiny.yaml\","
                        + " \"workload\": {\"name\": \"tiny\", \"description\": \"3 bursts of 4 <events>\", \"engine\": {\"name\": \"null\"},"
                        + " \"load\": {\"phases\": [{\"name\": \"warmup\", \"measure\": false, \"bursts\": {\"count\": 1, \"size\": 4, \"distance\": \"1us\"}},"
                        + " {\"name\": \"measure\", \"bursts\": {\"count\": 2, \"size\": 4, \"distance\": \"1us\"}}]}},"
                        + " \"environment\": {\"cpu_model\": \"Test CPU\", \"available_processors\": 2},"
                        + " \"trials\": ["
                        + "{\"id\": \"t001\", \"dir\": \"trials/t001\", \"label\": \"distance=1us rep=0\", \"params\": {\"load.phases.measure.bursts.distance\": \"1us\"},"
                        + " \"repetition\": 0, \"jvm\": [], \"status\": \"ok\", \"exit_code\": 0, \"reason\": null, \"duration_s\": 1.5},"
                        + "{\"id\": \"t002\", \"dir\": \"trials/t002\", \"label\": \"distance=2us rep=0\", \"params\": {\"load.phases.measure.bursts.distance\": \"2us\"},"
                        + " \"repetition\": 0, \"jvm\": [\"-Xint\"], \"status\": \"failed\", \"exit_code\": 1, \"reason\": \"engine crashed: boom\", \"duration_s\": 0.5}]}");
        return runDir;
    }
}
