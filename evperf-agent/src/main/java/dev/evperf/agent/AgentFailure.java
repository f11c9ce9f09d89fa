package dev.evperf.agent;

/** An agent that cannot be reached, refused the secret, failed or was lost: the message names it. */
public final class AgentFailure extends RuntimeException {
    private final String agent;

    public AgentFailure(String agent, String message, Throwable cause) {
        super("agent '" + agent + "' " + message, cause);
        this.agent = agent;
    }

    public String agent() {
        return agent;
    }
}
