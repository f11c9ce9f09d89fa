package dev.evperf.analysis.model;

import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;
import java.util.Arrays;
import java.util.List;

/**
 * The context cell of each event (idle time before its burst × its position in the burst, bucketed
 * by {@link Context}), and a cell's key: the model is fitted per cell ({@link ModelBuilder}),
 * predicts per cell ({@link Predictor}) and is checked per cell ({@link ModelCheck}).
 */
final class ContextCells {
    private ContextCells() {}

    /** The context cell of each event of a trial: idle bucket and position bucket (see {@link Context}). */
    static int[][] of(TrialData d, Context ctx) {
        int n = d.size();
        int[] idle = new int[n], pos = new int[n];
        List<Burst> bursts = Bursts.all(d);
        if (bursts.isEmpty()) {
            for (int i = 0; i < n; i++) {
                idle[i] = ctx.idleIndex(i == 0 ? -1 : Math.max(0, d.sendStart(i) - d.sendEnd(i - 1)));
                pos[i] = -1;
            }
        } else {
            Arrays.fill(pos, -1);
            Arrays.fill(idle, -1);
            for (int b = 0; b < bursts.size(); b++) {
                Burst x = bursts.get(b);
                int ii = ctx.idleIndex(b == 0 ? -1 : Math.max(0, idleNs(d, bursts.get(b - 1), x)));
                for (int i = x.from(); i < x.to(); i++) {
                    idle[i] = ii;
                    pos[i] = ctx.positionIndex(d.pos(i));
                }
            }
        }
        return new int[][] {idle, pos};
    }

    /** Idle time before burst {@code x}: its first send start − the previous burst's last send end. */
    static long idleNs(TrialData d, Burst previous, Burst x) {
        return d.sendStart(x.from()) - d.sendEnd(previous.to() - 1);
    }

    static long cellKey(int idle, int pos) {
        return ((long) (idle + 1) << 32) | (pos + 1);
    }

    static int idleOf(long key) {
        return (int) (key >>> 32) - 1;
    }

    static int posOf(long key) {
        return (int) (key & 0xffffffffL) - 1;
    }
}
