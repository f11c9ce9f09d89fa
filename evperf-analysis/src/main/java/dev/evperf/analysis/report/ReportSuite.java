package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * The report's hook for a suite run's section: the module that runs suites (the CLI's SuiteReport)
 * hands over the rows it also writes to suite.json, so the page and the suite's own files show the
 * same figures from one builder. The page draws, per test, each engine's figures against the test's
 * factor and the verdicts (suite.js).
 */
@FunctionalInterface
public interface ReportSuite {
    ReportSuite NONE = dir -> null;

    /**
     * @return {@code {definition, method, tests: [{test, rows}], time}}, or null when the run is not
     *         a suite run; a thrown message is shown in the report instead of the section
     */
    JsonNode rows(Path runDir);
}
