/*
 * evperf report: the section of a suite run (evperf suite micro|nexmark). Its data are the rows the
 * CLI's SuiteReport made (the same rows as suite.json beside the run), handed to the page as D.suite:
 * per test, for each engine, throughput, p99 latency and the heap after GC against the test's factor
 * (the shape of the thesis's figures), then the table with every figure and the validation verdict.
 * Points of trials whose outputs were wrong are drawn as hollow circles and named under the charts.
 */
  function suiteSections() {
    var S = D.suite;
    if (!S) return;
    var def = S.definition || {};
    var s = section(app, "Suite " + (def.suite || "") + (def.quick ? " --quick" : "") + ": every test on every engine", "suite");
    if (S.error) { s.appendChild(el("p", {cls: "warn", text: S.error})); return; }
    s.appendChild(note(S.method));
    (S.tests || []).forEach(function (t) { guard("suite test " + t.test.name, function () { suiteTest(s, t); }); });
    s.appendChild(el("h3", {text: "Verdicts"}));
    s.appendChild(el("pre", {text: (S.tests || []).map(function (t) {
      return t.rows.map(function (r) {
        return (r.check + "           ").slice(0, 12) + t.test.name + " " + t.test.factor.replace(/ /g, "_") + "=" + r.factor + " " + r.engine;
      }).join("\n");
    }).join("\n")}));
    if (S.sustain_criterion) {
      // evperf suite --sustain: each point's evperf sustain search, with the criterion it judged probes by
      s.appendChild(el("h3", {text: "Best sustained throughput"}));
      s.appendChild(note(S.sustain_criterion));
      s.appendChild(table(S.sustain_headers, S.sustain_table, [0, 1, 2, 9]));
    }
    // the steady runs at each sustainable rate, and the adaptivity test's metrics: tables the CLI made
    (S.sections || []).forEach(function (x) {
      s.appendChild(el("h3", {text: x.title}));
      s.appendChild(note(x.note));
      s.appendChild(table(x.headers, x.rows, x.left));
    });
    s.appendChild(el("pre", {cls: "wrap", text: String(S.time || "").trim()}));
  }

  function suiteTest(parent, t) {
    var sec = section(parent, t.test.name + ": " + t.test.title);
    var engines = [], factors = [];
    t.rows.forEach(function (r) {
      if (engines.indexOf(r.engine) < 0) engines.push(r.engine);
      if (factors.indexOf(r.factor) < 0) factors.push(r.factor);
    });
    function at(engine, factor) { return t.rows.filter(function (r) { return r.engine === engine && r.factor === factor; })[0]; }
    var g = grid(sec);
    // inside the function: report.js calls suiteSections before this file's top-level statements run
    var figures = [["throughput", "throughput", "ev/s"], ["p99_us", "p99 latency", "µs"], ["heap_mb", "heap after GC", "MB"]];
    figures.forEach(function (f) {
      var series = [], data = [factors.map(function (_, i) { return i; })];
      engines.forEach(function (e, i) {
        var colour = COLORS[i % COLORS.length];
        // valid points on the engine's line; invalid ones as a second, hollow series of the same colour
        series.push({label: e, color: colour, points: {show: true, size: 7}});
        data.push(factors.map(function (x) { var r = at(e, x); return r && r.status === "ok" && r[f[0]] != null ? r[f[0]] : null; }));
        if (t.rows.some(function (r) { return r.engine === e && r.status === "INVALID"; })) {
          series.push({label: e + " (invalid)", color: colour, noLine: true, hollow: true, size: 9});
          data.push(factors.map(function (x) { var r = at(e, x); return r && r.status === "INVALID" && r[f[0]] != null ? r[f[0]] : null; }));
        }
      });
      chart(g, {title: f[1] + " vs " + t.test.factor, series: series, data: data,
        x: axisX({label: t.test.factor, numeric: false}, factors), y: {label: f[2]}});
    });
    var invalid = t.rows.filter(function (r) { return r.status === "INVALID"; });
    if (invalid.length) sec.appendChild(el("p", {cls: "warn", text: "Wrong outputs (figures flagged, hollow in the charts): "
      + invalid.map(function (r) { return r.engine + " at " + r.factor; }).join(", ")}));
    sec.appendChild(table(["engine", t.test.factor, "status", "ev/s", "p50 µs", "p99 µs", "heap after GC MB", "heap growth MB", "cores",
      "ev per CPU-s", "validation"], t.rows.map(function (r) {
      var st = el("span", {text: r.status, cls: r.status === "ok" ? "status-ok" : "status-failed"});
      return [r.engine, r.factor, st, fmt(r.throughput, 0), fmt(r.p50_us), fmt(r.p99_us), fmt(r.heap_mb), fmt(r.heap_growth_mb), fmt(r.cores),
        fmt(r.events_per_cpu_s, 0), r.verdict];
    }), [0, 1, 2, 10]));
  }
