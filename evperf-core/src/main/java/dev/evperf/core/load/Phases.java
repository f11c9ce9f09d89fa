package dev.evperf.core.load;

import dev.evperf.api.config.Dur;
import dev.evperf.core.workload.Workload.AdaptivityDef;
import dev.evperf.core.workload.Workload.ConstantDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.Workload.RampDef;
import java.util.ArrayList;
import java.util.List;

/**
 * Expands composite phases into plain ones. An {@code adaptivity} phase named N becomes
 * N.ramp (warm-up, not measured), N.steady, N.peak and N.recovery, so that every part has its own
 * figures and the adaptivity analysis finds the parts by name.
 */
public final class Phases {
    public static final String STEADY = ".steady", PEAK = ".peak", RECOVERY = ".recovery", RAMP = ".ramp";

    private Phases() {}

    public static List<PhaseDef> expand(List<PhaseDef> phases) {
        List<PhaseDef> out = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            PhaseDef p = phases.get(i);
            if (p.adaptivity == null) {
                out.add(p);
                continue;
            }
            AdaptivityDef a = p.adaptivity;
            if (a.rate == null) {
                throw new IllegalStateException(
                        "adaptivity rate not resolved (WorkloadLoader resolves fraction of a sustain run)");
            }
            String name = p.name != null ? p.name : "adaptivity";
            double lambda = a.rate;
            if (a.ramp.nanos() > 0) {
                PhaseDef ramp = phase(name + RAMP, false, p);
                ramp.ramp = new RampDef();
                ramp.ramp.from = 0;
                ramp.ramp.to = lambda;
                ramp.ramp.duration = a.ramp;
                out.add(ramp);
            }
            out.add(constant(name + STEADY, lambda, a.steady, p));
            out.add(constant(name + PEAK, lambda * a.peakFactor, a.peak, p));
            out.add(constant(name + RECOVERY, lambda, a.recovery, p));
        }
        return out;
    }

    private static PhaseDef constant(String name, double rate, Dur duration, PhaseDef like) {
        PhaseDef c = phase(name, true, like);
        c.constant = new ConstantDef();
        c.constant.rate = rate;
        c.constant.duration = duration;
        return c;
    }

    private static PhaseDef phase(String name, boolean measure, PhaseDef like) {
        PhaseDef d = new PhaseDef();
        d.name = name;
        d.measure = measure && like.measure;
        d.arrivals = like.arrivals;
        d.seed = like.seed;
        d.batch = like.batch;
        return d;
    }
}
