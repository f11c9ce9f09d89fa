package dev.evperf.suites.translate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.suites.TestSpecs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Kafka Streams topologies: what each test becomes, and that the description survives JSON
 * (the form a workload or the kstreams adapter may carry it in). Building and running them is the
 * kstreams adapter's (another module); the suite then validates their outputs as it does Siddhi's.
 */
class KafkaStreamsTranslatorTest {
    final KafkaStreamsTranslator translator = new KafkaStreamsTranslator();

    Translation translate(String yaml) {
        return translator.translate(Specs.read(yaml, "test"));
    }

    @Test
    void aSelectionIsAPipelineTheAdapterBuilds() {
        var t = (Translation.Queries) translate("{test: filter, selectivity: 5}");
        assertThat(t.text()).isEqualTo("from stream1 where ID <= 5 select seq, ID, A1, A2, A3, A4, A5, TS into Out\n");
        assertThat(t.outputNames()).containsExactly("Out");
    }

    @Test
    void aPanedAverageIsTumblingPanesThenAHoppingRatio() {
        var t = (Translation.Topology)
                translate("{test: time_window, function: avg, range: 10m, slide: 1s, paned: true}");
        var pipelines = t.topology().pipelines();
        assertThat(pipelines).extracting(KafkaStreamsTopology.Pipeline::output).containsExactly("Panes", "Out");
        var panes =
                (KafkaStreamsTopology.WindowAggregate) pipelines.get(0).steps().get(0);
        assertThat(List.of(panes.sizeMs(), panes.advanceMs())).containsExactly(1000L, 1000L);
        var outer =
                (KafkaStreamsTopology.WindowAggregate) pipelines.get(1).steps().get(0);
        assertThat(List.of(outer.sizeMs(), outer.advanceMs())).containsExactly(600_000L, 1000L);
        assertThat(outer.timeField()).isEqualTo("wstart");
        assertThat(pipelines.get(1).steps().get(1)).isEqualTo(new KafkaStreamsTopology.Ratio("agg", "S", "C"));
    }

    @Test
    void everyTestIsATopologyThatSurvivesJsonOrSaysWhyNot() throws Exception {
        ObjectMapper json = new ObjectMapper();
        int topologies = 0, pipelines = 0;
        for (String yaml : TestSpecs.CHAPTER_4) {
            QuerySpec spec = Specs.read(yaml, "test");
            Translation t = translator.translate(spec);
            if (t instanceof Translation.Topology topology) {
                String text = json.writeValueAsString(topology.topology());
                assertThat(json.readValue(text, KafkaStreamsTopology.class)).isEqualTo(topology.topology());
                topologies++;
            } else if (t instanceof Translation.Queries) {
                pipelines++;
            } else {
                assertThat(((Translation.Unsupported) t).reason())
                        .as(spec.label())
                        .isNotBlank();
            }
        }
        assertThat(pipelines).isEqualTo(4 + 3); // filters, projections
        assertThat(topologies).isEqualTo(3 + 1); // time windows, in-memory table join
    }
}
