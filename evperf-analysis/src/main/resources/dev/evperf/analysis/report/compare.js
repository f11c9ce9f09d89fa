/* evperf compare: renders the comparison (the JSON block above) with the helpers of charts.js. */
  // A run keeps its colour on every chart, even where another run has no sample.
  var colorOf = {};
  D.runs.forEach(function (r, i) { colorOf[r.letter] = COLORS[i % COLORS.length]; });

  function header() {
    var letters = D.runs.map(function (r) { return r.letter; }).join(" vs ");
    document.body.insertBefore(el("header", {cls: "top"}, [
      el("h1", {text: "evperf compare: " + letters}),
      el("div", {cls: "sub", text: D.runs.map(function (r) { return r.letter + " = " + r.name; }).join(" · ") + " · generated " + D.generated})
    ]), app);
  }

  function runs() {
    var s = section(app, "Runs compared", "runs");
    s.appendChild(table(["run", "directory", "name", "trials", "configurations", "skipped", "warm-up"], D.runs.map(function (r) {
      return [el("span", {text: r.letter, style: "border-left: 10px solid " + colorOf[r.letter] + "; padding-left: 4px"}),
        r.dir, r.name, r.trials, r.configurations, r.skipped, r.warmUp];
    }), [0, 1, 2, 4, 5, 6]));
    D.method.split("\n").forEach(function (line) { s.appendChild(note(line)); });
  }

  // Disturbed trials and warnings first: a difference between a disturbed run and a calm one is the machine's.
  function warnings() {
    if (!D.warnings || !D.warnings.length) return;
    var s = section(app, "Warnings (each trial's summary in run.json)", "warnings");
    D.warnings.forEach(function (line) {
      s.appendChild(/^\s/.test(line) ? el("p", {cls: "warn", text: line.trim()}) : el("h3", {text: line}));
    });
  }

  function comparisons() {
    var s = section(app, "Differences", "differences");
    D.tables.forEach(function (t) {
      s.appendChild(el("h3", {text: t.title}));
      if (t.note) s.appendChild(el("p", {cls: "warn", text: t.note}));
      // a comparison of different set-ups is said before its figures, in the warning style
      s.appendChild(t.setupDiffers ? el("p", {cls: "warn", text: t.setup}) : note(t.setup));
      var last = t.rows[0].length - 1;
      s.appendChild(table(t.rows[0], t.rows.slice(1), [0, 1, 4, last]));
    });
  }

  /**
   * uPlot draws series over one shared x array, so the runs' quantiles are merged into it, each run
   * holding its percentile at its own points and gaps (spanned) elsewhere: x value, y share ≤ x.
   */
  function cdfData(series) {
    var pts = [];
    series.forEach(function (s, k) {
      var last = s.q.length - 1;
      s.q.forEach(function (v, i) { if (v != null) pts.push([v, k, 100 * i / last]); });
    });
    pts.sort(function (a, b) { return a[0] - b[0] || a[2] - b[2]; });
    return [pts.map(function (p) { return p[0]; })].concat(series.map(function (_, k) {
      return pts.map(function (p) { return p[1] === k ? p[2] : null; });
    }));
  }

  /** Each run's mean as a dashed vertical line in its colour. */
  function meansPlugin(series) {
    return {hooks: {draw: [function (u) {
      var c = u.ctx, b = u.bbox, dpr = window.devicePixelRatio || 1;
      c.save();
      c.beginPath(); c.rect(b.left, b.top, b.width, b.height); c.clip();
      c.setLineDash([5 * dpr, 4 * dpr]); c.lineWidth = 1.5 * dpr;
      series.forEach(function (s) {
        if (s.mean == null) return;
        var x = u.valToPos(s.mean, "x", true);
        c.strokeStyle = colorOf[s.run];
        c.beginPath(); c.moveTo(x, b.top); c.lineTo(x, b.top + b.height); c.stroke();
      });
      c.restore();
    }]}};
  }

  function distributions() {
    var s = section(app, "Distributions", "distributions");
    s.appendChild(note("Each run's sample as its cumulative distribution (share of values ≤ x, from its 101 percentiles p0 … p100),"
      + " all runs on shared axes; dashed lines: the runs' means. x is logarithmic where the values span more than a decade."));
    var grids = {}, several = D.charts.some(function (ch) { return ch.group !== D.charts[0].group; });
    D.charts.forEach(function (ch) {
      if (!grids[ch.group]) {
        // "all" alone needs no heading; beside configurations it is a pair whose trials were pooled
        if (ch.group !== "all" || several) s.appendChild(el("h3", {text: ch.group === "all" ? "all trials pooled" : ch.group}));
        grids[ch.group] = grid(s);
      }
      var data = cdfData(ch.series);
      var lo = data[0][0], hi = data[0][data[0].length - 1];
      chart(grids[ch.group], {title: ch.title, height: 280,
        note: ch.series.map(function (x) { return x.run + ": n " + fmtInt(x.n) + ", mean " + fmt(x.mean) + " " + ch.unit; }).join(" · "),
        // earlier runs drawn wider, so a run identical to another still shows around it
        series: ch.series.map(function (x, i) { return {label: x.run, color: colorOf[x.run], width: Math.max(1.2, 3 - 0.6 * i)}; }),
        data: data, x: {label: ch.unit, name: ch.unit, log: lo > 0 && hi / lo > 10}, y: {label: "% ≤ x", range: [0, 100]},
        plugins: [meansPlugin(ch.series)]});
    });
  }

  guard("header", header);
  guard("runs", runs);
  guard("warnings", warnings);
  guard("differences", comparisons);
  guard("distributions", distributions);
  finish();
