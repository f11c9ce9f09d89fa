package dev.evperf.core.driver;

import dev.evperf.api.ErrorListener;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The errors of one trial's engine: those it caught and reported through its error hook
 * ({@link ErrorListener}: an exception in a query, a user function or evperf's own functions,
 * after which the engine drops the event) and the exceptions that escaped a send, after which
 * the driver goes on with the next event on schedule ({@link Driver}, or {@link #sendAll}). It keeps the
 * count of each, the first {@value #KEEP_MESSAGES} messages, and the times of the first
 * {@value #KEEP_TIMES} errors (errors.csv), by which the analysis finds the input being sent.
 * Errors are rare (a trial with more than {@code trial.max_errors} fails), so recording one locks
 * and allocates; nothing of it is inside the send loop.
 */
public final class EngineErrors implements ErrorListener {
    public static final String FILE = Layout.ERRORS;
    public static final int KEEP_MESSAGES = 5;
    public static final int KEEP_TIMES = 100_000;
    static final int MESSAGE_CHARS = 400;

    private long reported;
    private long escaped;
    private final List<Map<String, Object>> first = new ArrayList<>();
    /** (nanoTime, 1 when thrown out of send else 0) of the first KEEP_TIMES errors. */
    private final BoundedPairs times = new BoundedPairs(KEEP_TIMES);

    @Override
    public void onError(String where, Throwable error) {
        record(false, where, error);
    }

    /** An exception escaped a send (the driver resumes after it); interrupts are rethrown. */
    void escaped(RuntimeException e) {
        if (Thread.currentThread().isInterrupted()) throw e;
        record(true, null, e);
    }

    private synchronized void record(boolean thrown, String where, Throwable error) {
        long now = System.nanoTime();
        if (thrown) escaped++;
        else reported++;
        if (first.size() < KEEP_MESSAGES) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("t_nanotime", now);
            m.put("source", thrown ? "send" : "engine");
            m.put("where", where);
            m.put("message", oneLine(error));
            first.add(m);
        }
        times.add(now, thrown ? 1 : 0);
    }

    public synchronized long count() {
        return reported + escaped;
    }

    /**
     * What result.json says: counts, and the first messages with their times on the trial's axis.
     *
     * @param origin the trial's nanoTime origin
     */
    public synchronized TrialResult.Errors summary(long origin, long maxErrors) {
        List<TrialResult.First> out = new ArrayList<>();
        for (Map<String, Object> f : first) {
            out.add(new TrialResult.First(
                    (long) f.get("t_nanotime") - origin, (String) f.get("source"), (String) f.get("where"), (String)
                            f.get("message")));
        }
        return new TrialResult.Errors(reported + escaped, reported, escaped, maxErrors, out, times.size());
    }

    /** Writes errors.csv (t_ns on the trial's axis, source engine|send) when there were errors. */
    public synchronized void write(Path trialDir, long origin) throws IOException {
        if (times.size() == 0) return;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(trialDir.resolve(FILE)))) {
            w.println("t_ns,source");
            for (int i = 0; i < times.size(); i++)
                w.println((times.first(i) - origin) + "," + (times.second(i) == 1 ? "send" : "engine"));
        }
    }

    /** The reason of a trial that raised more errors than it may. */
    public synchronized String failure(long maxErrors) {
        long n = reported + escaped;
        String firstOne = "";
        if (!first.isEmpty()) {
            Map<String, Object> f = first.get(0);
            firstOne = "; the first"
                    + ("send".equals(f.get("source"))
                            ? " (thrown out of send)"
                            : f.get("where") == null ? "" : " (" + f.get("where") + ")")
                    + ": " + f.get("message");
        }
        return "the engine raised " + n + (n == 1 ? " error" : " errors") + " while processing events ("
                + reported + " caught and reported by the engine, " + escaped
                + " thrown out of send), more than trial.max_errors ("
                + maxErrors + ")" + firstOne;
    }

    /** The exception's class and message on one line, with its cause's where the message does not say it. */
    static String oneLine(Throwable e) {
        StringBuilder sb = new StringBuilder(e.getClass().getName());
        if (e.getMessage() != null) sb.append(": ").append(e.getMessage());
        Throwable c = e.getCause();
        if (c != null
                && c != e
                && (e.getMessage() == null
                        || c.getMessage() == null
                        || !e.getMessage().contains(c.getMessage()))) {
            sb.append(" (caused by ")
                    .append(c.getClass().getName())
                    .append(c.getMessage() == null ? "" : ": " + c.getMessage())
                    .append(')');
        }
        String s = sb.toString().replaceAll("\\s*\\R\\s*", " ").trim();
        return s.length() > MESSAGE_CHARS ? s.substring(0, MESSAGE_CHARS - 1) + "…" : s;
    }
}
