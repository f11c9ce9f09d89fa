package dev.evperf.agent;

/** An agent as the controller knows it: its name and where it listens. */
public record AgentAddress(String name, String host, int port) {}
