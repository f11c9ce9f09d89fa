package dev.evperf.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

/** A validated workload and the trials it expands to: matrix × repetitions. */
public record Plan(Path workloadFile, JsonNode tree, Workload base, List<TrialSpec> trials) {}
