package dev.evperf.ref;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.ErrorListener;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.ref.op.Operator;
import dev.evperf.ref.op.Output;
import dev.evperf.ref.op.Plan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference engine with its queries compiled: an input handle per stream calls that stream's
 * operators in query order, on the sending thread. An exception an operator throws for one event
 * is caught here, reported to the error listener and costs that event only; operators evaluate
 * before they change state, so the others go on as if the event had not come.
 */
final class RefEngine implements Engine {
    private final Plan plan;
    private final boolean onItsInput;
    private ErrorListener errors = (where, e) -> {};

    RefEngine(Plan plan) {
        this.plan = plan;
        this.onItsInput = plan.operators().stream().allMatch(Operator::emitsOnItsInput);
    }

    @Override
    public InputHandle input(String stream) throws EngineException {
        if (!plan.inputs().containsKey(stream)) {
            throw new EngineException("ref: unknown input stream '" + stream + "'; the inputs are "
                    + plan.inputs().keySet());
        }
        List<Plan.Step> steps = plan.steps(stream);
        Operator[] ops = steps.stream().map(Plan.Step::operator).toArray(Operator[]::new);
        String[] names = steps.stream().map(Plan.Step::name).toArray(String[]::new);
        if (ops.length == 1) {
            Operator op = ops[0];
            return event -> {
                try {
                    op.onEvent(event);
                } catch (RuntimeException e) {
                    errors.onError(names[0], e);
                }
            };
        }
        return event -> {
            for (int i = 0; i < ops.length; i++) {
                try {
                    ops[i].onEvent(event);
                } catch (RuntimeException e) {
                    errors.onError(names[i], e);
                }
            }
        };
    }

    @Override
    public void subscribe(String outputStream, OutputListener listener) throws EngineException {
        output(outputStream).subscribe(listener);
    }

    @Override
    public void onError(ErrorListener listener) {
        this.errors = listener;
    }

    @Override
    public List<String> outputFields(String outputStream) throws EngineException {
        return output(outputStream).fields();
    }

    private Output output(String name) throws EngineException {
        Output o = plan.outputs().get(name);
        if (o == null) {
            throw new EngineException("ref: unknown output stream '" + name + "'; the queries write "
                    + plan.outputs().keySet() + " and read " + plan.inputs().keySet());
        }
        return o;
    }

    /** False when an operator emits later than its input's send (the batch grace hash join). */
    @Override
    public boolean deliversOnSendingThread() {
        return onItsInput;
    }

    /** Emits what operators hold back; on the caller's thread, so nothing is in flight afterwards. */
    @Override
    public void drain(Duration timeout) {
        for (Operator op : plan.operators()) {
            op.flush();
        }
    }

    @Override
    public void close() {
        List<RuntimeException> failures = new ArrayList<>();
        for (Operator op : plan.operators()) {
            try {
                op.close();
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }
}
