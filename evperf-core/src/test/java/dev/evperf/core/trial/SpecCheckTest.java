package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.results.TrialResult;
import org.junit.jupiter.api.Test;

/** The brief verdict run.json and result.json get, and the line the suite's tables show, for the end of input. */
class SpecCheckTest {
    private static ObjectNode verdict(long correct, long openAtEnd, long closedAtEnd) {
        ObjectNode v = Json.MAPPER.createObjectNode();
        v.put("verdict", "valid");
        ObjectNode s = v.putArray("streams").addObject();
        s.put("stream", "Out");
        s.put("expected", correct);
        s.put("produced", correct + closedAtEnd);
        s.put("correct", correct);
        s.put("missing", 0);
        s.put("undue", 0);
        s.put("wrong", 0);
        s.put("open_at_end", openAtEnd);
        s.put("closed_at_end", closedAtEnd);
        return v;
    }

    @Test
    void windowsOpenAtTheEndOfInputAreNamedWithHowManyTheEngineClosed() {
        TrialResult.Validation flink = SpecCheck.brief(verdict(29, 10, 10));
        assertThat(flink.closedAtEnd()).isEqualTo(10);
        assertThat(flink.text())
                .isEqualTo("29 of 29 expected rows correct, 0 missing, 0 undue, 0 wrong;"
                        + " 10 of 10 windows open at the end of input closed by it");
        // run.json's entry holds the brief as JSON: the suite's tables read the line from it
        assertThat(SpecCheck.atEnd(Json.MAPPER.valueToTree(SpecCheck.brief(verdict(29, 10, 0)))))
                .isEqualTo("0 of 10 windows open at the end of input closed by it");
        // a query without time windows, or a verdict written before the counts existed: nothing said
        TrialResult.Validation selection = SpecCheck.brief(verdict(339, 0, 0));
        assertThat(selection.text()).isEqualTo("339 of 339 expected rows correct, 0 missing, 0 undue, 0 wrong");
        assertThat(SpecCheck.atEnd(Json.MAPPER.createObjectNode().put("verdict", "valid")))
                .isEmpty();
    }
}
