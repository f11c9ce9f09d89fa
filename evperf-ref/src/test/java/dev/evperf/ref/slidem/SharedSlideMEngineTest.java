package dev.evperf.ref.slidem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.ref.RefEngineFactory;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.RefTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several windows of different extents over one stream in one query set, with {@code store:
 * slidem}, share one Shared SlideM (one file, one pool), and each window's rows are still right:
 * count windows checked row by row against the suites' reference model, time windows against the
 * same windows kept in the heap.
 */
class SharedSlideMEngineTest {
    @TempDir
    Path dir;

    /** Small blocks so that every window spills: 1 KB holds 85 tuples of 12 B (ID, A1). */
    private Map<String, Object> slidem() {
        return new HashMap<>(Map.of("store", "slidem", "block", 1024, "direct_io", false, "directory", dir.toString()));
    }

    @Test
    void countWindowsOfFourSizesShareOneRepositoryAndEachValidates() throws Exception {
        int[] sizes = {3000, 700, 5000, 1500}; // not in order: the repository numbers them by size
        int events = 12_000;
        List<QuerySpec> specs = new ArrayList<>();
        List<OutputSchema> outputs = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        Translation.Queries first = null;
        for (int i = 0; i < sizes.length; i++) {
            QuerySpec spec = Specs.read(
                    "{test: count_window, function: avg, rows: " + sizes[i] + ", stream: {max_id: 10}}", "test");
            Translation.Queries t = (Translation.Queries) new RefTranslator().translate(spec);
            if (first == null) first = t;
            OutputSchema out = t.outputs().get(0);
            specs.add(spec);
            outputs.add(out.renamed("Out" + (i + 1)));
            // the spec's own output attributes: seq, ID and the aggregate, in its order
            List<String> names = out.fieldNames();
            text.append("SELECT seq AS ")
                    .append(names.get(0))
                    .append(", ID AS ")
                    .append(names.get(1))
                    .append(", AVG(A1) AS ")
                    .append(names.get(2))
                    .append(" FROM stream1 [ROWS ")
                    .append(sizes[i])
                    .append("] GROUP BY ID INTO Out")
                    .append(i + 1)
                    .append(";\n");
        }
        Inputs inputs = new Inputs(specs.get(0)); // the same seeded stream for every size
        Map<String, List<Object[]>> rows = new HashMap<>();
        List<String> errors = new ArrayList<>();
        long files;
        long spilled;
        try (Engine engine = new RefEngineFactory()
                .open(new EngineSpec(
                        first.inputs(),
                        text.toString(),
                        outputs.stream().map(OutputSchema::stream).toList(),
                        slidem()))) {
            engine.onError((where, error) -> errors.add(where + ": " + error));
            for (OutputSchema o : outputs) {
                List<Object[]> list = new ArrayList<>();
                rows.put(o.stream(), list);
                engine.subscribe(o.stream(), r -> list.add(r.clone()));
            }
            InputHandle in = engine.input("stream1");
            for (long seq = 0; seq < events; seq++) {
                Input e = inputs.event(seq);
                in.send(e.row());
            }
            try (Stream<Path> s = Files.list(dir)) {
                List<Path> all = s.toList();
                files = all.size();
                spilled = all.isEmpty() ? 0 : Files.size(all.get(0));
            }
        }
        assertThat(errors).isEmpty();
        assertThat(files).as("one repository for the four windows").isEqualTo(1);
        assertThat(spilled)
                .as("the windows did not fit the pool of 6 blocks: blocks went to disk")
                .isGreaterThan(10 * 1024);
        for (int i = 0; i < sizes.length; i++) {
            String name = "Out" + (i + 1);
            List<Verdict> verdicts = Validation.check(
                    specs.get(i),
                    List.of(outputs.get(i).renamed("Out")),
                    events,
                    Map.of("Out", rows.get(name)),
                    Tolerance.DEFAULT);
            for (Verdict v : verdicts) {
                assertThat(v.valid())
                        .as("ROWS " + sizes[i] + ": " + v.summary() + "\n" + v.examples())
                        .isTrue();
                assertThat(v.correct()).as(v.summary()).isEqualTo(events);
            }
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.count()).as("the file is removed on close").isZero();
        }
    }

    @Test
    void vwapOverThreeRangesSharesOneRepositoryAndEqualsTheHeap() throws Exception {
        String queries = "";
        for (int s : new int[] {10, 5, 20}) {
            queries += "SELECT symbol, SUM(price * volume) / SUM(volume) AS vwap FROM Ticks [RANGE " + s
                    + " s ON ts] GROUP BY symbol INTO Vwap" + s + ";\n";
        }
        List<String> outs = List.of("Vwap10", "Vwap5", "Vwap20");
        Map<String, List<List<Object>>> shared = vwap(queries, outs, slidem(), 1);
        Map<String, List<List<Object>>> heap = vwap(queries, outs, Map.of(), 0);
        for (String o : outs) {
            assertThat(shared.get(o)).as(o).hasSize(40_000).isEqualTo(heap.get(o));
        }
        // a different argument is a different tuple: no sharing, a repository per window
        String apart = "SELECT symbol, SUM(price) AS s FROM Ticks [RANGE 5 s ON ts] GROUP BY symbol INTO A;\n"
                + "SELECT symbol, SUM(volume) AS s FROM Ticks [RANGE 10 s ON ts] GROUP BY symbol INTO B;\n";
        vwap(apart, List.of("A", "B"), slidem(), 2);
    }

    private Map<String, List<List<Object>>> vwap(
            String queries, List<String> outs, Map<String, Object> options, int files) throws Exception {
        Map<String, List<List<Object>>> rows = new HashMap<>();
        List<String> errors = new ArrayList<>();
        try (Engine engine =
                new RefEngineFactory().open(new EngineSpec(List.of(SlideMEngineTest.TICKS), queries, outs, options))) {
            engine.onError((where, error) -> errors.add(where + ": " + error));
            for (String o : outs) {
                List<List<Object>> list = new ArrayList<>();
                rows.put(o, list);
                engine.subscribe(o, r -> list.add(List.of(r.clone())));
            }
            InputHandle in = engine.input("Ticks");
            for (int i = 0; i < 40_000; i++) {
                // 1 ms apart: the 20 s window holds 20 000 tuples of 28 B, 547 blocks of 1 KB
                in.send(new Object[] {(long) i, "S" + (i % 100), 10 + (i * 7919 % 1000) / 100.0, (long) (100 + i % 900)
                });
            }
            try (Stream<Path> s = Files.list(dir)) {
                assertThat(s.count()).as("SlideM files while open").isEqualTo(files);
            }
        }
        assertThat(errors).as("errors the engine reported").isEmpty();
        return rows;
    }
}
