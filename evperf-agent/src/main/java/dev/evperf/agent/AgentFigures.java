package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.Probe;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.results.Percentiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * A trial's figures across agents, every timestamp on the controller's clock. An event's latency
 * runs from its send start (driver agent's clock) to its receipt (sink agent's clock); each end is
 * mapped with its agent's {@link ClockRelation}, so an event's error bound is the sum of the two
 * ends' bounds (seed 004, Table 2: each end translated to the reference costs its pair's e). A
 * percentile of the mapped latencies lies within the largest per-event bound of the true one (moving
 * every value by at most b moves every order statistic by at most b), which is the ± the summary
 * states. When driver and sink are one agent both ends are on one clock and no relation is needed:
 * the bound is then the clock's largest credible rate error over the latency itself.
 */
public final class AgentFigures {
    /** Per agent: its relation and its probe windows (for the RTT distribution). */
    record Clock(ClockRelation relation, List<ProbeWindow> windows) {}

    private final int planned;
    private final long[] send;
    private final long[] intended;
    private final long[] receipt;
    private final long[] latency;
    private final long[] bound;
    private final long[] sendAgent;
    private final long[] receiptAgent;
    private final long[] intendedAgent;
    private final String[] driverOf;
    private final int received;
    private final boolean sameClock;
    private final Map<String, Clock> clocks;
    private final String between;
    /** Where the broker ran when an agent started it ("sink-1 at 127.0.0.1:41234"), or null. */
    private final String broker;

    private final List<HandlerSwitch> switches;
    /** Per driver-sink pair on two agents: which relation timed its events. */
    private final List<PairLatency.Choice> pairs;

    private AgentFigures(
            Builder b,
            long[] send,
            long[] intended,
            long[] receipt,
            long[] latency,
            long[] bound,
            long[][] agentReadings,
            int received) {
        this.latency = latency;
        this.pairs = b.choices;
        this.sendAgent = agentReadings[0];
        this.receiptAgent = agentReadings[1];
        this.intendedAgent = agentReadings[2];
        this.driverOf = b.driverOf;
        this.planned = b.planned;
        this.send = send;
        this.intended = intended;
        this.receipt = receipt;
        this.bound = bound;
        this.received = received;
        this.sameClock = b.drivers.keySet().equals(b.sinks.keySet());
        this.clocks = b.clocks;
        this.between = b.between;
        this.broker = b.broker;
        this.switches = b.switches;
    }

    /** Per driver-sink pair on two agents, the relation that timed its events and both bounds. */
    List<PairLatency.Choice> pairs() {
        return pairs;
    }

    /** The handler switches the controller made, each as its agent recorded it, its time mapped. */
    List<HandlerSwitch> switches() {
        return switches;
    }

    public int planned() {
        return planned;
    }

    public int received() {
        return received;
    }

    public boolean sameClock() {
        return sameClock;
    }

    public ClockRelation relation(String agent) {
        return clocks.get(agent).relation();
    }

    /** The agent's probe windows in the order taken, each with its probes and what it cost the controller. */
    List<ProbeWindow> windows(String agent) {
        return clocks.get(agent).windows();
    }

    /**
     * Per received event (by sequence number; -1 when lost): receipt - send start on the controller's
     * clock (ns), through the controller's relations or the driver-sink pair's own ({@link #pairs}).
     */
    public long latency(int seq) {
        return receipt[seq] < 0 ? -1 : latency[seq];
    }

    /** The send start as the driver agent read it on its own clock. */
    public long sendOnAgent(int seq) {
        return sendAgent[seq];
    }

    /** The receipt as the sink agent read it on its own clock. */
    public long receiptOnAgent(int seq) {
        return receiptAgent[seq];
    }

    /** The event's intended time, mapped onto the controller's clock. */
    public long intended(int seq) {
        return intended[seq];
    }

    /** The event's intended time as its driver agent computed it on its own clock. */
    public long intendedOnAgent(int seq) {
        return intendedAgent[seq];
    }

    /** The driver agent that sent the event. */
    public String driverOf(int seq) {
        return driverOf[seq];
    }

    public long send(int seq) {
        return send[seq];
    }

    public long receipt(int seq) {
        return receipt[seq];
    }

    /** The event's error bound from the clock relation (ns). */
    public long bound(int seq) {
        return bound[seq];
    }

    /** The largest per-event bound: the ± of every latency figure (ns). */
    public long maxBound() {
        return IntStream.range(0, planned)
                .filter(i -> receipt[i] >= 0)
                .mapToLong(i -> bound[i])
                .max()
                .orElse(0);
    }

    /** Nearest-rank percentile of the received events' latency (ns). */
    public long latencyPercentile(double p) {
        return nearestRank(
                IntStream.range(0, planned).filter(i -> receipt[i] >= 0).mapToLong(this::latency), p);
    }

    /**
     * Nearest-rank percentile of the generator lag, send start - intended time (ns): both on the driver
     * agent's clock, so it needs no relation (the schedule's precision on the agent).
     */
    public long lagPercentile(double p) {
        return nearestRank(
                IntStream.range(0, planned).filter(i -> send[i] != 0).mapToLong(i -> send[i] - intended[i]), p);
    }

    /** The nearest-rank rule every evperf percentile follows ({@link Percentiles}); -1 when there are no values. */
    private static long nearestRank(LongStream values, double p) {
        long[] l = values.sorted().toArray();
        return l.length == 0 ? -1 : Percentiles.nearestRank(l, p);
    }

    /** The summary's lines: the latency with its clock bound, and how each agent's clock was related. */
    public List<String> summary() {
        List<String> out = new ArrayList<>();
        out.add(
                between == null
                        ? String.format("events: %d planned, %d received", planned, received)
                        : String.format(
                                "events: %d planned, %d outputs received from %s (each timed from its input's send start)",
                                planned, received, between));
        String clock = sameClock
                ? "(one clock: driver and sink share an agent, no relation needed)"
                : String.format("(clock; latency across clocks ± %.1f µs)", maxBound() / 1e3);
        out.add(String.format(
                "end-to-end p50 = %.3f ms, p99 = %.3f ms ± %.3f ms %s",
                latencyPercentile(50) / 1e6, latencyPercentile(99) / 1e6, maxBound() / 1e6, clock));
        out.add(String.format(
                "generator lag (send start - intended time, each on its driver agent's clock): p50 = %.3f ms, p99 = %.3f ms",
                lagPercentile(50) / 1e6, lagPercentile(99) / 1e6));
        if (broker != null) out.add("broker: on agent " + broker + " (started for this trial, stopped after it)");
        for (PairLatency.Choice c : pairs) out.add(c.line());
        for (HandlerSwitch sw : switches) out.add(sw.line());
        for (Map.Entry<String, Clock> c : clocks.entrySet())
            out.add(ClockReport.line(
                    c.getKey(), c.getValue().relation(), c.getValue().windows().size()));
        return out;
    }

    /** Writes {@code result.json} (figures and clocks) and {@code events.csv} (per event) into {@code dir}. */
    public void write(Path dir) throws IOException {
        write(dir, List.of());
    }

    /** As {@link #write(Path)}, with the trial's marks (e.g. a clock bound above the workload's limit). */
    public void write(Path dir, List<String> marks) throws IOException {
        AgentTrialFiles.write(this, dir, marks);
    }

    /** Where the broker ran when an agent started it ("sink-1 at 127.0.0.1:41234"), or null. */
    String broker() {
        return broker;
    }

    /** The system the events went through when the sink received an engine's outputs, or null. */
    String between() {
        return between;
    }

    /** Per agent: its relation and probe windows, in the order the agents were named. */
    Map<String, Clock> clocks() {
        return clocks;
    }

    /** Collects the records and relations of a trial; sequence numbers are 0..planned-1. */
    static final class Builder {
        private final int planned;
        private final Map<String, List<long[][]>> drivers = new LinkedHashMap<>();
        private final Map<String, List<long[][]>> sinks = new LinkedHashMap<>();
        private final Map<String, Clock> clocks = new LinkedHashMap<>();
        private final Map<ClockProbes.Pair, Clock> pairClocks = new LinkedHashMap<>();
        private final List<PairLatency.Choice> choices = new ArrayList<>();
        private String[] driverOf;
        private String between;
        private String broker;
        private final List<HandlerSwitch> switches = new ArrayList<>();

        Builder(int planned) {
            this.planned = planned;
        }

        /** The trial's broker ran on {@code agent}'s node, at {@code address}, started by that agent. */
        void broker(String agent, String address) {
            this.broker = agent + " at " + address;
        }

        /** The events went through an engine: the sink's records are its outputs, at most one per input. */
        void between(String engine) {
            this.between = engine;
        }

        void driver(String agent, long[][] seqIntendedSent) {
            drivers.computeIfAbsent(agent, k -> new ArrayList<>()).add(seqIntendedSent);
        }

        void sink(String agent, long[][] seqStampReceived) {
            sinks.computeIfAbsent(agent, k -> new ArrayList<>()).add(seqStampReceived);
        }

        void relation(String agent, ClockRelation r, List<ProbeWindow> windows) {
            clocks.put(agent, new Clock(r, windows));
        }

        /** A driver-sink pair's own relation: the sink's clock onto the driver's. */
        void pair(ClockProbes.Pair pair, ClockRelation r, List<ProbeWindow> windows) {
            pairClocks.put(pair, new Clock(r, windows));
        }

        /** A pair timed through the controller because its direct probe could not be made. */
        void noDirectProbe(ClockProbes.Pair pair, String why) {
            choices.add(PairLatency.Choice.unavailable(pair, why));
        }

        /** A switch as {@code agent} replied it ({@code at} on its clock); its relation maps it (set first). */
        void switched(String agent, JsonNode reply, long loadStart) {
            switches.add(HandlerSwitch.of(agent, reply, clocks.get(agent).relation(), loadStart));
        }

        AgentFigures build() {
            long[] send = new long[planned];
            long[] intended = new long[planned];
            long[] receipt = new long[planned];
            long[] latency = new long[planned];
            String[] sinkOf = new String[planned];
            long[] bound = new long[planned];
            long[] sendRaw = new long[planned];
            long[] receiptRaw = new long[planned];
            long[] intendedRaw = new long[planned];
            driverOf = new String[planned];
            Arrays.fill(receipt, -1);
            for (Map.Entry<String, List<long[][]>> d : drivers.entrySet()) {
                ClockRelation r = clocks.get(d.getKey()).relation();
                for (long[][] c : d.getValue()) {
                    for (int i = 0; i < c[0].length; i++) {
                        int seq = (int) c[0][i];
                        intended[seq] = r.toController(c[1][i]);
                        intendedRaw[seq] = c[1][i];
                        send[seq] = r.toController(c[2][i]);
                        sendRaw[seq] = c[2][i];
                        driverOf[seq] = d.getKey();
                        bound[seq] = r.boundAt(c[2][i]);
                    }
                }
            }
            int received = 0;
            for (Map.Entry<String, List<long[][]>> s : sinks.entrySet()) {
                ClockRelation r = clocks.get(s.getKey()).relation();
                for (long[][] c : s.getValue()) {
                    for (int i = 0; i < c[0].length; i++) {
                        int seq = (int) c[0][i];
                        received++;
                        receiptRaw[seq] = c[2][i];
                        sinkOf[seq] = s.getKey();
                        if (s.getKey().equals(driverOf[seq])) {
                            // one clock at both ends: the duration needs no relation, only the rate error
                            long d = c[2][i] - sendRaw[seq];
                            receipt[seq] = send[seq] + d;
                            latency[seq] = d;
                            bound[seq] = (long) Math.ceil(Probe.MAX_RATE_ERROR * d) + 1;
                        } else {
                            receipt[seq] = r.toController(c[2][i]);
                            bound[seq] += r.boundAt(c[2][i]);
                            latency[seq] = receipt[seq] - send[seq];
                        }
                    }
                }
            }
            for (Map.Entry<ClockProbes.Pair, Clock> p : pairClocks.entrySet()) {
                choices.add(PairLatency.choose(
                        p.getKey(),
                        p.getValue().relation(),
                        p.getValue().windows(),
                        clocks.get(p.getKey().driver()).relation(),
                        driverOf,
                        sinkOf,
                        sendRaw,
                        receiptRaw,
                        latency,
                        bound));
            }
            return new AgentFigures(
                    this,
                    send,
                    intended,
                    receipt,
                    latency,
                    bound,
                    new long[][] {sendRaw, receiptRaw, intendedRaw},
                    received);
        }
    }
}
