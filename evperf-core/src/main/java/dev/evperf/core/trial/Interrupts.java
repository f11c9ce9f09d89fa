package dev.evperf.core.trial;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT and SIGTERM to a command that runs trials. By default the JVM would exit at once and
 * leave run.json saying a trial is running that no longer is (or start the next one while
 * shutting down). While installed, the first signal is recorded and the controller is told, so
 * that it ends the running trial, records it as interrupted, marks the rest "not run" and exits
 * with 128 + the signal's number. A second signal is passed to the JVM's own handler: the user
 * insists, and the controller's shutdown hook still kills the trial JVM.
 *
 * <p>{@code sun.misc.Signal} is the JDK's supported way (module jdk.unsupported) to handle a
 * signal without shutting the JVM down; a JVM that does not allow it (-Xrs) keeps its default.
 */
public final class Interrupts implements AutoCloseable {
    private static final List<String> SIGNALS = List.of("INT", "TERM");

    private final List<Signal> installed = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private final CountDownLatch arrived = new CountDownLatch(1);
    private volatile Signal signal;
    private volatile Runnable onSignal = () -> {};

    private Interrupts() {}

    /** Handles SIGINT and SIGTERM until {@link #close()}. */
    public static Interrupts install() {
        Interrupts in = new Interrupts();
        for (String name : SIGNALS) {
            try {
                Signal s = new Signal(name);
                in.previous.add(Signal.handle(s, in::handle));
                in.installed.add(s);
            } catch (IllegalArgumentException notAllowed) {
                // -Xrs, or the signal is the VM's own: the default (exit) stays
            }
        }
        return in;
    }

    private void handle(Signal s) {
        if (signal != null) {
            int i = installed.indexOf(s);
            try {
                previous.get(i).handle(s);
            } catch (RuntimeException nativeHandler) {
                Runtime.getRuntime().exit(128 + s.getNumber()); // what the native default would do
            }
            return;
        }
        signal = s;
        arrived.countDown();
        onSignal.run();
    }

    /** What to do on the first signal (runs on the signal's own thread). */
    void onSignal(Runnable action) {
        this.onSignal = action;
    }

    /** "SIGINT" or "SIGTERM", or null while none has arrived. */
    public String signal() {
        Signal s = signal;
        return s == null ? null : "SIG" + s.getName();
    }

    /** 128 + the signal's number, as a shell reports a process ended by it (130, 143). */
    public int exitCode() {
        Signal s = signal;
        return s == null ? 0 : 128 + s.getNumber();
    }

    /** Waits up to {@code millis} for a signal. @return whether one has arrived */
    boolean await(long millis) {
        try {
            return arrived.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return signal != null;
        }
    }

    /** Throws {@link RunInterrupted} when a signal has arrived (for work between trials). */
    public void check(String message) {
        if (signal != null) throw new RunInterrupted(message, signal(), exitCode());
    }

    @Override
    public void close() {
        for (int i = 0; i < installed.size(); i++) Signal.handle(installed.get(i), previous.get(i));
    }

    /** The run stopped on a signal; the message is the one line printed, the exit code 128 + the signal's number. */
    public static final class RunInterrupted extends RuntimeException {
        private final String signal;
        private final int exitCode;

        public RunInterrupted(String message, String signal, int exitCode) {
            super(message);
            this.signal = signal;
            this.exitCode = exitCode;
        }

        public String signal() {
            return signal;
        }

        public int exitCode() {
            return exitCode;
        }
    }
}
