package dev.evperf.analysis;

import dev.evperf.analysis.trial.TrialData;
import java.util.Arrays;

/**
 * Tiny hand-made trials whose figures the tests work out by hand. Times are written in µs and
 * stored in ns.
 *
 * <pre>
 * bursty(): warm-up burst 0 (phase 0, not measured), then measured bursts 1..3 of 4 events (phase 1)
 *  seq burst pos intended  send_start  send_end  event time  lag (start − intended)
 *   0    0    0       0          0       1000       1000         0   (warm-up)
 *   1    0    1       0       1005       1505        500      1005   (warm-up)
 *   2    1    0   10000      10000      10100        100         0
 *   3    1    1   10000      10105      10125         20       105
 *   4    1    2   10000      10130      10160         30       130
 *   5    1    3   10000      10165      10215         50       165
 *   6    2    0   20000      20000      20300        300         0
 *   7    2    1   20000      20305      20330         25       305
 *   8    2    2   20000      20335      20350         15       335
 *   9    2    3   20000      20355      20415         60       355
 *  10    3    0   30000      30010      30050         40        10
 *  11    3    1   30000      30055      30065         10        55
 *  12    3    2   30000      30070      30080         10        70
 *  13    3    3   30000      30085      30105         20        85
 * burst times: 0: 1505, 1: 10215−10000 = 215, 2: 20415−20000 = 415, 3: 30105−30010 = 95 µs
 *
 * outputs (stream, seq, received):
 *   OutputStream  1   1400   warm-up input: excluded
 *   OutputStream -1  15000   unknown input: excluded
 *   OutputStream  2  10090   end-to-end 10090−10000 =  90, scheduled 10090−10000 =  90
 *   OutputStream  6  20290   end-to-end 20290−20000 = 290, scheduled 20290−20000 = 290
 *   Alerts        6  20320   end-to-end 20320−20000 = 320, scheduled 20320−20000 = 320
 *   OutputStream  9  20410   end-to-end 20410−20355 =  55, scheduled 20410−20000 = 410
 *   OutputStream 13  30100   end-to-end 30100−30085 =  15, scheduled 30100−30000 = 100
 * </pre>
 */
final class SyntheticTrial {
    private SyntheticTrial() {}

    static TrialData bursty() {
        return new TrialData(
                seq(14),
                new int[] {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
                new boolean[] {false, false, true, true, true, true, true, true, true, true, true, true, true, true},
                new int[] {0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3},
                new int[] {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3},
                us(0, 0, 10000, 10000, 10000, 10000, 20000, 20000, 20000, 20000, 30000, 30000, 30000, 30000),
                us(0, 1005, 10000, 10105, 10130, 10165, 20000, 20305, 20335, 20355, 30010, 30055, 30070, 30085),
                us(1000, 1505, 10100, 10125, 10160, 10215, 20300, 20330, 20350, 20415, 30050, 30065, 30080, 30105),
                new String[] {"OutputStream", "Alerts"},
                new int[] {0, 0, 0, 0, 1, 0, 0},
                new long[] {1, -1, 2, 6, 6, 9, 13},
                us(1400, 15000, 10090, 20290, 20320, 20410, 30100));
    }

    /** result.json of bursty(): a warm-up phase at maximum rate, then the measured phase at 600 events/s. */
    static final String BURSTY_RESULT =
            """
            {"status":"ok","reason":null,"events_sent":14,"outputs_received":7,
             "phases":[
               {"name":"warmup","measure":false,"profile":"bursts","first_seq":0,"count":2,"target_rate":null,"intended_span_ns":0},
               {"name":"main","measure":true,"profile":"bursts","first_seq":2,"count":12,"target_rate":600.0,"intended_span_ns":20000000}],
             "drain_ns":12345,"jvm":{"ignored":"by analysis"}}
            """;

    /**
     * A constant stream without bursts, one measured phase at 1000 events/s, no outputs.
     * <pre>
     *  seq intended send_start send_end (ns)  event time  lag
     *   0        0          0     10000        10 µs       0
     *   1  1000000    1000500   1020500        20 µs     500 ns
     *   2  2000000    2000000   2030000        30 µs       0
     *   3  3000000    3002000   3042000        40 µs    2000 ns
     * </pre>
     */
    static TrialData constant() {
        return new TrialData(
                seq(4),
                new int[4],
                new boolean[] {true, true, true, true},
                new int[] {-1, -1, -1, -1},
                new int[] {-1, -1, -1, -1},
                new long[] {0, 1000000, 2000000, 3000000},
                new long[] {0, 1000500, 2000000, 3002000},
                new long[] {10000, 1020500, 2030000, 3042000});
    }

    static final String CONSTANT_RESULT =
            """
            {"status":"ok","reason":null,"events_sent":4,"outputs_received":0,
             "phases":[{"name":"steady","measure":true,"profile":"constant","first_seq":0,"count":4,"target_rate":1000.0,"intended_span_ns":3000000}],
             "drain_ns":0}
            """;

    static long[] seq(int n) {
        long[] s = new long[n];
        Arrays.setAll(s, i -> i);
        return s;
    }

    static long[] us(long... micros) {
        return Arrays.stream(micros).map(v -> v * 1000).toArray();
    }
}
