package dev.evperf.core.trial;

import dev.evperf.api.InputHandle;
import dev.evperf.api.trace.Tracer;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.SendState;
import dev.evperf.core.driver.Sender;
import dev.evperf.monitor.sensors.Descheduling;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The senders: the trial's own thread when there is one (the default), else as many threads, each
 * with a round-robin share of the schedule (every N-th event, or every N-th micro-batch) of every
 * chunk the supply gives, each keeping the absolute intended times of its share. Their states
 * exist before the engine's listeners are subscribed, so that a listener knows which sender's input
 * it is delivering for; they start sending together.
 */
final class Senders {
    private final Sender[] threads;
    private final SendState single;
    private final InputHandle input;
    private final EventMaker maker;
    private final long origin;
    private final EngineErrors errors;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final AtomicInteger spinning = new AtomicInteger();
    private volatile boolean go;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile EventSupply supply;
    private final CpuPinning pinning;

    /**
     * @param errors  counts exceptions that escape a send; each sender then resumes with its next event
     * @param pinning trial.cpus, or null: each sender moves itself to the sender's CPUs before the schedule starts
     */
    Senders(
            int senders,
            InputHandle input,
            EventMaker maker,
            long origin,
            boolean tracepoints,
            EngineErrors errors,
            CpuPinning pinning) {
        this.input = input;
        this.pinning = pinning;
        this.maker = maker;
        this.origin = origin;
        this.errors = errors;
        // One sender sends from the trial's own thread, already running when the schedule starts.
        single = senders == 1 ? new SendState() : null;
        threads = new Sender[senders == 1 ? 0 : senders];
        for (int k = 0; k < threads.length; k++) {
            int sender = k;
            threads[k] = new Sender(
                    state -> {
                        try {
                            // The thread's trace buffer (engines on this thread record into it) is made now, not in the
                            // loop.
                            if (tracepoints) Tracer.buffer();
                            if (pinning != null) pinning.pinSender();
                            ready.await();
                            // Spin rather than park until the start: a parked thread can take many ms to be scheduled
                            // again on a busy machine, and the schedule starts 1 ms after every sender is spinning.
                            spinning.incrementAndGet();
                            while (!go) Thread.onSpinWait();
                            Descheduling.begin();
                            Driver.run(input, supply, sender, maker, origin, state, errors);
                            Descheduling.end();
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                            if (supply != null) supply.fail(e);
                        }
                    },
                    "evperf-sender-" + k);
        }
    }

    SendState state(int sender) {
        return single != null ? single : threads[sender].state;
    }

    List<SendState> states() {
        return single != null
                ? List.of(single)
                : Arrays.stream(threads).map(t -> t.state).toList();
    }

    /** Starts the threads, which wait for {@link #run}. */
    void start(EventSupply supply) {
        this.supply = supply;
        for (Sender t : threads) t.start();
    }

    /**
     * Sets the schedule's start ({@code startSchedule}) once every sender is ready to send at once,
     * lets them send, and waits until they have sent everything.
     */
    void run(Runnable startSchedule) throws InterruptedException {
        if (single != null) {
            if (pinning != null) pinning.pinSender();
            startSchedule.run();
            Descheduling.begin();
            Driver.run(input, supply, 0, maker, origin, single, errors);
            Descheduling.end();
            return;
        }
        ready.countDown();
        while (spinning.get() < threads.length && failure.get() == null) Thread.onSpinWait();
        startSchedule.run();
        go = true;
        for (Sender t : threads) t.join();
        if (failure.get() != null) {
            throw new TrialFailure("a sender thread failed: " + TrialRunner.reason(failure.get()));
        }
    }

    /** Stops threads that did not get to send (the trial failed before). */
    void abandon() {
        for (Sender t : threads) t.interrupt();
    }
}
