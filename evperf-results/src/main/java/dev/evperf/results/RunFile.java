package dev.evperf.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's {@code run.json}, typed: what ran (the workload as given, expanded), where, and one
 * {@link Trial} per trial of the plan. The controller writes it again after every trial (filling in a
 * {@link Draft}), so a run cut short leaves a file that says how far it got; writer and readers
 * share this one definition. Fields added by later writers are ignored by older readers; a field
 * whose meaning changes gets a new {@link Layout#FORMAT}.
 *
 * @param format       the results format's version ({@link Layout#FORMAT}); null in files written
 *                     before it was recorded, which have the same layout
 * @param workload     the workload tree as run (matrix axes not yet applied)
 * @param environment  the controller's machine (CPU, memory, OS, JDK)
 * @param sustain      {@code evperf sustain}'s search and verdict; null for other runs
 * @param suite        {@code evperf suite}'s definition (which suite, tests, engines, factors); null for other runs
 * @param components   the components the run started (engines behind Kafka; docs/systems.md); null without
 * @param engineChecks the checks of engines behind Kafka before the first trial: their time, and the class archive
 *                     their trials map (docs/systems.md); null without
 * @param agents       a run over agents (docs/agents.md): the nodes (name, role, address), how the load was
 *                     split and what was between them; null for other runs. Its trials' directories hold
 *                     result.json and {@link Layout#AGENT_EVENTS} instead of a trial JVM's files, and each
 *                     trial's {@code summary} is its latency with the clock bound and every agent's clock
 * @param interrupted  the signal that cut the run short; null when none did
 * @param stopped      why the run stopped early otherwise (a full file system); null when it did not
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunFile(
        String format,
        String workloadFile,
        JsonNode workload,
        String started,
        String finished,
        JsonNode environment,
        JsonNode sustain,
        JsonNode suite,
        JsonNode components,
        JsonNode engineChecks,
        JsonNode agents,
        String interrupted,
        String stopped,
        List<Trial> trials) {

    /**
     * Trial statuses: ran to the end; failed (reason says why); interrupted by a signal; never started;
     * not finished yet; not run because its engine cannot express the workload's neutral query
     * ({@code engine.query}; reason says why).
     */
    public static final String OK = "ok",
            FAILED = "failed",
            INTERRUPTED = "interrupted",
            NOT_RUN = "not run",
            PLANNED = "planned",
            RUNNING = "running",
            UNSUPPORTED = "unsupported";

    public RunFile {
        workload = missingAsEmpty(workload);
        environment = missingAsEmpty(environment);
        trials = trials == null ? List.of() : List.copyOf(trials);
    }

    /**
     * One trial of the plan, as the controller recorded it.
     *
     * @param dir        relative to the run directory ({@code trials/<id>})
     * @param params     the matrix axes' values of this trial, in the matrix's order
     * @param repetition 0-based, null when the workload has no repetitions
     * @param jvm        the JVM options it ran with; null when run.json does not record them
     * @param status     one of {@link #OK}, {@link #FAILED}, {@link #INTERRUPTED}, {@link #NOT_RUN}, …
     * @param reason     why it is not ok, in one line; null when ok
     * @param summary    the trial's summary as computed when it finished (the analysis's JSON form)
     * @param componentsRestarted a component had died and was started again before this trial; null otherwise
     * @param summaryError why the summary could not be computed; null when it was
     * @param validation  a neutral query's verdict in brief (validation.json has it whole); null without one
     * @param validationError why the verdict could not be added to result.json; null when it was
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Trial(
            String id,
            String dir,
            String label,
            JsonNode params,
            @JsonInclude(JsonInclude.Include.ALWAYS) Integer repetition,
            List<String> jvm,
            String status,
            String reason,
            Integer exitCode,
            Double durationS,
            Long errors,
            JsonNode summary,
            String componentsRestarted,
            String summaryError,
            JsonNode validation,
            String validationError) {
        public Trial {
            params = missingAsEmpty(params);
            jvm = jvm == null ? null : List.copyOf(jvm);
            status = status == null ? "unknown" : status;
            label = label == null ? id : label;
            dir = dir == null ? Layout.TRIALS + "/" + id : dir;
        }

        public boolean ok() {
            return OK.equals(status);
        }

        /** The controller's entry for a trial as it goes; {@link #trial()} takes it as it is now. */
        public static final class Draft {
            public String id, dir, label, status, reason, componentsRestarted, summaryError, validationError;
            public JsonNode params, summary, validation;
            public Integer repetition, exitCode;
            public List<String> jvm;
            public Double durationS;
            public Long errors;

            /** A trial of the plan as planned, in its directory {@code trials/<id>}. */
            public static Draft planned(String id, String label, JsonNode params, Integer repetition) {
                Draft o = new Draft();
                o.id = id;
                o.dir = Layout.TRIALS + "/" + id;
                o.label = label;
                o.params = params;
                o.repetition = repetition;
                o.status = PLANNED;
                return o;
            }

            public Trial trial() {
                return new Trial(
                        id,
                        dir,
                        label,
                        params,
                        repetition,
                        jvm,
                        status,
                        reason,
                        exitCode,
                        durationS,
                        errors,
                        summary,
                        componentsRestarted,
                        summaryError,
                        validation,
                        validationError);
            }
        }
    }

    /** run.json as the controller fills it in; {@link #file()} takes it as it is now. */
    public static final class Draft {
        public String format, workloadFile, started, finished, interrupted, stopped;
        public JsonNode workload, environment, sustain, suite, components, engineChecks, agents;
        public final List<Trial.Draft> trials = new ArrayList<>();

        public RunFile file() {
            return new RunFile(
                    format,
                    workloadFile,
                    workload,
                    started,
                    finished,
                    environment,
                    sustain,
                    suite,
                    components,
                    engineChecks,
                    agents,
                    interrupted,
                    stopped,
                    trials.stream().map(Trial.Draft::trial).toList());
        }
    }

    private static JsonNode missingAsEmpty(JsonNode n) {
        return n == null || n.isNull() ? JsonNodeFactory.instance.objectNode() : n;
    }
}
