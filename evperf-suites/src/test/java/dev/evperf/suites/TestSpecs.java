package dev.evperf.suites;

import java.util.List;

/** Every chapter-4 test at small factors (a few seconds per engine), for the translation tests. */
public final class TestSpecs {
    private TestSpecs() {}

    public static final List<String> CHAPTER_4 = List.of(
            "{test: filter, selectivity: 1}",
            "{test: filter, selectivity: 5}",
            "{test: filter, selectivity: 25}",
            "{test: filter, selectivity: 50}",
            "{test: filter, projected: 1, stream: {attributes: 5}}",
            "{test: filter, projected: 1, stream: {attributes: 25}}",
            "{test: filter, projected: 1, stream: {attributes: 125}}",
            "{test: count_window, function: max, rows: 500, stream: {max_id: 10}}",
            "{test: count_window, function: avg, rows: 500, stream: {max_id: 10}}",
            "{test: count_window, function: stddev, rows: 500, stream: {max_id: 10}}",
            "{test: count_window, function: median, rows: 500, stream: {max_id: 10}}",
            "{test: count_window, function: max, rows: 500, slide: 500, stream: {max_id: 10}}",
            "{test: count_window, function: avg, rows: 500, slide: 500, stream: {max_id: 10}}",
            "{test: count_window, function: stddev, rows: 500, slide: 500, stream: {max_id: 10}}",
            "{test: count_window, function: median, rows: 500, slide: 500, stream: {max_id: 10}}",
            "{test: time_window, function: avg, range: 2s, slide: 100ms, paned: true}",
            "{test: time_window, function: max, range: 2s, slide: 100ms, paned: true}",
            "{test: time_window, function: avg, range: 2s, slide: 100ms}",
            "{test: window_join, rows: 100, matches: 1}",
            "{test: window_join, rows: 100, matches: 0.1}",
            "{test: window_join, rows: 100, matches: 10}",
            "{test: table_join, rows: 1000}",
            "{test: pattern, within: 1s, selectivity: 10, stream: {max_id: 20}}",
            "{test: multi_query, queries: 4, kind: identical, rows: 100}",
            "{test: multi_query, queries: 4, kind: similar, rows: 100, max_rows: 200}");
}
