package dev.evperf.agent;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.agent.clock.ClockRelation;
import java.util.Locale;

/**
 * A handler switch the controller made during a trial (seed 004's remote configuration), as the
 * agent recorded it: which part, what changed, after how many arrivals, and when: the agent's clock
 * reading as the switch took effect, mapped onto the controller's clock (relative to the load's start)
 * with its bound. In result.json's {@code switches} and the summary.
 */
record HandlerSwitch(
        String agent,
        int part,
        String setting,
        long from,
        long to,
        @JsonProperty("arrivals_before") long arrivalsBefore,
        @JsonProperty("at_agent_ns") long atAgent,
        @JsonProperty("at_ns") long at,
        @JsonProperty("bound_ns") long bound) {

    /** From the agent's reply to CONFIGURE; {@code loadStart} on the controller's clock. */
    static HandlerSwitch of(String agent, JsonNode reply, ClockRelation r, long loadStart) {
        long atAgent = reply.get("at").asLong();
        return new HandlerSwitch(
                agent,
                reply.get("part").asInt(),
                reply.get("setting").asText(),
                reply.get("from").asLong(),
                reply.get("to").asLong(),
                reply.get("arrivals_before").asLong(),
                atAgent,
                r.toController(atAgent) - loadStart,
                r.boundAt(atAgent));
    }

    /** As result.json holds it. */
    static HandlerSwitch of(JsonNode recorded) {
        return new HandlerSwitch(
                recorded.path("agent").asText(),
                recorded.path("part").asInt(),
                recorded.path("setting").asText(),
                recorded.path("from").asLong(),
                recorded.path("to").asLong(),
                recorded.path("arrivals_before").asLong(),
                recorded.path("at_agent_ns").asLong(),
                recorded.path("at_ns").asLong(),
                recorded.path("bound_ns").asLong());
    }

    /** The summary's line. */
    String line() {
        String change = DriverPart.RATE_PERCENT.equals(setting)
                ? setting + " " + from + " -> " + to
                : ReceivingPart.change(from, to);
        return String.format(
                Locale.ROOT,
                "switch (controller's request): %s part %d %s at %.3f ms into the load ± %.1f µs, after %d %s",
                agent,
                part,
                change,
                at / 1e6,
                bound / 1e3,
                arrivalsBefore,
                DriverPart.RATE_PERCENT.equals(setting) ? "events sent" : "arrivals");
    }
}
