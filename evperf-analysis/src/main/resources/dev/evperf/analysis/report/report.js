/*
 * evperf report: renders the run's data (the JSON block above) into tables and uPlot charts, with the
 * helpers of charts.js. Longer than a module should be (~700 lines): every section renders parts of
 * one data model with the same few helpers, in the order the page shows them; HtmlPage inlines one
 * page script, and splitting it would scatter a section's helpers over files.
 */
  var MODE_LABEL = {"processing": "processing", "end-to-end": "end-to-end (uncorrected)", "scheduled": "scheduled (CO-safe)"};
  var MARK = {"gc-pause": "rgba(214,39,40,0.28)", "safepoint": "rgba(255,127,14,0.9)", "jit-compilation": "rgba(31,119,180,0.45)",
    "deoptimization": "rgba(148,103,189,0.9)"};
  /** Intervals in which the machine took the core away from the driver (stalls, involuntary switches, steal). */
  var DISTURBED = "rgba(40,40,40,0.75)";
  var SPAN = {"gc-pause": "rgba(214,39,40,0.55)", "safepoint": "rgba(255,127,14,0.55)", "jit-compilation": "rgba(31,119,180,0.5)",
    "deoptimization": "rgba(148,103,189,0.55)", "page-faults": "rgba(140,86,75,0.5)", "frequency-drop": "rgba(188,189,34,0.6)",
    "unattributed": "rgba(127,127,127,0.5)"};

  var CAUSE_WORDS = {"gc-pause": "GC pause", "safepoint": "safepoint", "jit-compilation": "JIT compilation", "deoptimization": "deoptimization",
    "page-faults": "page faults", "frequency-drop": "CPU frequency drop", "unattributed": "no cause found"};
  function causeWords(c) { return CAUSE_WORDS[c] || c; }

  /** Vertical marks on a time axis (s): JVM events as bands and ticks, annotation spans, phase starts, warm-up end. */
  function marksPlugin(m) {
    function px(u, v) { return u.valToPos(v, "x", true); }
    return {hooks: {
      drawClear: [function (u) {
        var c = u.ctx, b = u.bbox;
        c.save();
        c.beginPath(); c.rect(b.left, b.top, b.width, b.height); c.clip();
        (m.gc || []).forEach(function (g) {
          var x0 = px(u, g[0]), x1 = px(u, g[1]);
          c.fillStyle = MARK["gc-pause"];
          c.fillRect(x0, b.top, Math.max(2, x1 - x0), b.height);
        });
        (m.spans || []).forEach(function (s) {
          var x0 = px(u, s.startS), x1 = px(u, s.endS);
          c.fillStyle = SPAN[s.cause] || SPAN.unattributed;
          c.fillRect(x0, b.top, Math.max(2, x1 - x0), b.height * 0.06);
        });
        c.restore();
      }],
      draw: [function (u) {
        var c = u.ctx, b = u.bbox, dpr = window.devicePixelRatio || 1;
        c.save();
        c.beginPath(); c.rect(b.left, b.top, b.width, b.height); c.clip();
        function ticks(list, color, y0, h) {
          c.fillStyle = color;
          (list || []).forEach(function (g) {
            var x0 = px(u, g[0]), x1 = px(u, g[1]);
            c.fillRect(x0, y0, Math.max(1 * dpr, x1 - x0), h);
          });
        }
        ticks(m.disturbed, DISTURBED, b.top + b.height * 0.97, b.height * 0.03);
        ticks(m.jit, MARK["jit-compilation"], b.top + b.height * 0.93, b.height * 0.04);
        ticks(m.deopt, MARK.deoptimization, b.top + b.height * 0.86, b.height * 0.05);
        ticks(m.safepoint, MARK.safepoint, b.top + b.height * 0.07, b.height * 0.06);
        c.font = (11 * dpr) + "px system-ui, sans-serif";
        // uPlot leaves the alignment of its last axis on the context (right-aligned for a left y axis):
        // without this, labels ended at their mark and the plot's edge cut them ("…measured)" showed as ")").
        c.textAlign = "left";
        c.textBaseline = "alphabetic";
        // A phase's label sits at its start (or at the left edge when it began before the view) and never
        // runs into the next phase's mark or past the plot: shortened if need be, left out if nothing fits.
        var lo = u.scales.x.min, hi = u.scales.x.max, ph = m.phases || [], right = b.left + b.width;
        var labelY = b.top + (m.spans && m.spans.length ? b.height * 0.06 : 0) + 12 * dpr; // below the spike strip
        ph.forEach(function (p, i) {
          var next = i + 1 < ph.length ? ph[i + 1].t : Infinity;
          if (next <= lo || p.t >= hi) return;
          var x = px(u, p.t);
          if (p.t >= lo) {
            c.strokeStyle = "rgba(60,60,60,0.6)"; c.setLineDash([2 * dpr, 3 * dpr]); c.lineWidth = dpr;
            c.beginPath(); c.moveTo(x, b.top); c.lineTo(x, b.top + b.height); c.stroke();
          }
          var x0 = Math.max(x, b.left) + 3 * dpr, x1 = (next < hi ? px(u, next) : right) - 3 * dpr;
          var text = fitText(c, [p.name + (p.measure ? "" : " (not measured)"), p.name], x1 - x0);
          c.fillStyle = "rgba(60,60,60,0.85)";
          if (text) {
            c.fillText(text, x0, labelY);
            labelCheck(x0, x0 + c.measureText(text).width, x1);
          }
        });
        if (m.warmupEndS != null && m.warmupEndS >= lo && m.warmupEndS <= hi) {
          var xw = px(u, m.warmupEndS);
          c.strokeStyle = "#2ca02c"; c.setLineDash([6 * dpr, 4 * dpr]); c.lineWidth = 2 * dpr;
          c.beginPath(); c.moveTo(xw, b.top); c.lineTo(xw, b.top + b.height); c.stroke();
          // right of its line, or left of it when the plot ends first
          var wl = "warm-up end", ww = c.measureText(wl).width;
          c.fillStyle = "#2ca02c"; c.fillText(wl, xw + 3 * dpr + ww <= right ? xw + 3 * dpr : xw - 3 * dpr - ww, labelY + 14 * dpr);
        }
        c.restore();
      }]
    }};
  }

  /** Counts the phase labels drawn, and any that runs past its room (the page's test reads both from <body>). */
  var labelsDrawn = 0, labelsPastRoom = 0;
  function labelCheck(x0, x1, room) {
    labelsDrawn++;
    if (x1 > room + 0.5) labelsPastRoom++;
    document.body.dataset.phaseLabels = String(labelsDrawn);
    document.body.dataset.phaseLabelsPastRoom = String(labelsPastRoom);
  }

  /** The first of the texts that fits the width, else the last shortened with an ellipsis; "" when not even that fits. */
  function fitText(c, texts, width) {
    for (var i = 0; i < texts.length; i++) if (c.measureText(texts[i]).width <= width) return texts[i];
    var t = texts[texts.length - 1];
    while (t.length > 1 && c.measureText(t + "…").width > width) t = t.slice(0, -1);
    return c.measureText(t + "…").width <= width ? t + "…" : "";
  }

  function marksLegend(t) {
    var j = t.jvmEvents || {}, shown = j.shown || {}, kinds = {};
    (j.kinds || []).forEach(function (k) { kinds[k.kind] = k; });
    var d = el("div", {cls: "legend-marks"});
    function item(color, text) { d.appendChild(el("span", {cls: "sw", style: "background:" + color})); d.appendChild(document.createTextNode(text)); }
    function count(kind) {
      var k = kinds[kind]; var n = k ? k.count : 0;
      return n + (shown[kind] != null && shown[kind] < n ? " (longest " + shown[kind] + " drawn)" : "");
    }
    d.appendChild(document.createTextNode("Marks:"));
    item(MARK["gc-pause"], "GC pauses (full-height bands): " + count("gc-pause"));
    item(MARK.safepoint, "safepoints (ticks at the top): " + count("safepoint"));
    item(MARK["jit-compilation"], "JIT compilations (ticks at the bottom): " + count("jit-compilation"));
    item(MARK.deoptimization, "deoptimizations: " + count("deoptimization"));
    var a = t.annotations || {};
    if (a.spans && a.spans.length) item(SPAN.unattributed, "spikes (strip at the top, coloured by cause): " + a.total);
    if (a.warmupEndS != null) item("#2ca02c", "warm-up end (dashed)");
    var dis = (t.checks || {}).disturbedIntervals;
    if (dis && dis.length) item(DISTURBED, "disturbed intervals (strip at the very bottom): " + dis.length);
    return d;
  }

  /** Disturbed intervals as [start s, end s] for the marks. */
  function disturbedMarks(t) {
    return ((t.checks || {}).disturbedIntervals || []).map(function (i) { return [i[0], i[1]]; });
  }

  function trialMarks(t) {
    var j = t.jvmEvents || {}, m = j.marks || {}, a = t.annotations || {};
    return {gc: m["gc-pause"], safepoint: m.safepoint, jit: m["jit-compilation"], deopt: m.deoptimization,
      spans: a.spans, warmupEndS: a.warmupEndS, phases: t.intervals ? t.intervals.phases : [], disturbed: disturbedMarks(t)};
  }

  // ---- run overview --------------------------------------------------------------------------
  function header() {
    var r = D.run;
    var h = el("header", {cls: "top"}, [
      el("h1", {text: "evperf report: " + r.name}),
      el("div", {cls: "sub", text: (r.description ? r.description + " · " : "") + D.trials.length + " trial" + (D.trials.length === 1 ? "" : "s")
        + " · " + D.runDir + " · generated " + D.generated})
    ]);
    document.body.insertBefore(h, app);
    var nav = el("nav", {cls: "toc"});
    nav.appendChild(el("a", {href: "#summary", text: "Summary"}));
    nav.appendChild(el("a", {href: "#overview", text: "Overview"}));
    var ok = D.trials.filter(function (t) { return t.status === "ok" && !t.error; });
    if (D.trials.length > 1) nav.appendChild(el("a", {href: "#across", text: "Across trials"}));
    if (D.suite) nav.appendChild(el("a", {href: "#suite", text: "Suite"}));
    D.trials.forEach(function (t) {
      nav.appendChild(el("a", {href: "#trial-" + t.id, text: t.id + (t.status === "ok" ? "" : " ✗"), cls: t.status === "ok" && !t.error ? "" : "failed"}));
    });
    document.body.insertBefore(nav, app);
    return ok;
  }

  // ---- headline: per trial ok, failed or disturbed, its key figures, its warnings ----------------
  var STATUS_CLS = {ok: "status-ok", failed: "status-failed", disturbed: "status-disturbed"};

  function headline() {
    var s = section(app, "Summary", "summary");
    var H = D.trials.map(function (t) { return t.headline || {status: t.status === "ok" ? "ok" : "failed", warnings: []}; });
    var count = {ok: 0, failed: 0, disturbed: 0};
    H.forEach(function (h) { count[h.status] = (count[h.status] || 0) + 1; });
    s.appendChild(el("p", {cls: "headline-counts"}, [D.trials.length + " trial" + (D.trials.length === 1 ? "" : "s") + ": ",
      el("span", {cls: "status-ok", text: count.ok + " ok"}), ", ", el("span", {cls: "status-disturbed", text: count.disturbed + " disturbed"}),
      ", ", el("span", {cls: "status-failed", text: count.failed + " failed"}),
      count.disturbed ? " (disturbed: the driver did not get the CPU for part of the run, so its figures hold time the engine did not"
        + " get; see its warnings)" : ""]));
    // JVM options get a column unless they are a matrix parameter (then params names them)
    var anyJvm = D.trials.some(function (t) { return (t.jvm || []).length; })
      && !D.trials.some(function (t) { return t.params && t.params.jvm !== undefined; });
    var anyBursts = H.some(function (h) { return h.meanBurstMs != null; });
    var anyParams = D.trials.some(function (t) { return t.paramsText; });
    var head = ["trial"].concat(anyParams ? ["params"] : []).concat(anyJvm ? ["JVM options"] : [])
      .concat(["status", "events", "target ev/s", "achieved ev/s", "p50 scheduled µs", "p99 scheduled µs", "p99 event µs"])
      .concat(anyBursts ? ["mean burst ms"] : []).concat(["warnings"]);
    var rows = D.trials.map(function (t, i) {
      var h = H[i];
      var target = h.targetRate == null ? (h.status === "failed" ? "" : "max") : fmt(h.targetRate, 1);
      if (h.intendedRate != null) target += " (intended " + fmt(h.intendedRate, 1) + ")";
      var warn = el("div", {cls: "warnings"});
      if (h.why) warn.appendChild(el("div", {text: h.why}));
      // each warning's figure and first clause; the whole text on hover and in the trial's own section
      (h.warnings || []).forEach(function (w) { warn.appendChild(el("div", {text: w.brief || w.text, title: w.kind + ": " + w.text})); });
      return [el("a", {href: "#trial-" + t.id, text: t.id})].concat(anyParams ? [t.paramsText || ""] : [])
        .concat(anyJvm ? [(t.jvm || []).join(" ") || "default"] : [])
        .concat([el("span", {text: h.statusText || h.status, cls: STATUS_CLS[h.status] || ""}), h.events != null ? fmtInt(h.events) : "", target,
          h.achievedRate != null ? fmt(h.achievedRate, 1) : "", fmtOrBlank(h.scheduledP50Us), fmtOrBlank(h.scheduledP99Us),
          fmtOrBlank(h.processingP99Us)])
        .concat(anyBursts ? [fmtOrBlank(h.meanBurstMs)] : []).concat([warn]);
    });
    var left = [0, 1].concat(anyJvm ? [2] : []).concat([head.length - 1]);
    if (!anyParams) left = [0].concat(anyJvm ? [1] : []).concat([head.length - 1]);
    var tb = table(head, rows, left);
    tb.className = "headline";
    s.appendChild(tb);
    if (H.some(function (h) { return h.warnings && h.warnings.length && !h.checked; })) {
      s.appendChild(note("Warnings from this report's own checks of each trial's results (rate and schedule of each measured phase,"
        + " warm-up, clock drift); a run whose summaries hold the truth checks' list shows that list."));
    }
  }
  function fmtOrBlank(v) { return v == null ? "" : fmt(v); }

  function overview() {
    var r = D.run, s = section(app, "Run overview", "overview");
    var phases = ((r.load || {}).phases || []).map(function (p) {
      var prof = Object.keys(p).filter(function (k) { return ["name", "measure", "batch"].indexOf(k) < 0; })
        .map(function (k) { return k + " " + JSON.stringify(p[k]); }).join(", ");
      return (p.name || "?") + (p.measure === false ? " (not measured)" : "") + ": " + prof;
    }).join("\n");
    s.appendChild(kv([
      ["workload", r.name], ["file", r.workloadFile], ["engine", r.engine], ["results format", r.format],
      ["started", r.started], ["finished", r.finished],
      ["load", phases ? el("pre", {text: phases}) : null],
      ["queries", r.queries ? el("pre", {text: r.queries.trim()}) : null],
      ["matrix", r.matrixText && r.matrixText.length ? el("pre", {text: r.matrixText.join("\n")}) : null],
      ["measure", r.measure && Object.keys(r.measure).length ? el("pre", {text: JSON.stringify(r.measure)}) : null]
    ]));
    // The controller's environment, folded: its one-line digest is enough on the first screen.
    var env = r.environment || {};
    var det = el("details", {cls: "env"});
    var digest = [env.cpu_model, env.available_processors != null ? env.available_processors + " cores" : null,
      env.jdk_version ? "JDK " + env.jdk_version : null, env.os].filter(function (x) { return x; }).join(" · ");
    det.appendChild(el("summary", {text: "Environment (controller)" + (digest ? ": " + digest : "")}));
    var et = table(["", ""], Object.keys(env).map(function (k) {
      var v = env[k];
      return [k, el("span", {text: typeof v === "string" ? v : JSON.stringify(v)})];
    }), [0, 1]);
    et.querySelectorAll("td").forEach(function (td, i) { if (i % 2) td.className = "wrap"; });
    det.appendChild(et);
    s.appendChild(det);
  }

  // ---- across trials -------------------------------------------------------------------------
  function metricInfo(key) { return D.sweep.metrics.filter(function (m) { return m.key === key; })[0] || {key: key, label: key, unit: ""}; }

  /** Series per (group of the other parameters) of the mean of a metric over repetitions, against one axis. */
  function sweepData(axis, metricKeys) {
    var rows = D.sweep.rows.filter(function (r) { return r.metrics; });
    var others = D.sweep.axes.filter(function (a) { return a.key !== axis.key; });
    function group(r) {
      var g = others.map(function (a) { return a.label + "=" + r.params[a.key]; });
      if (D.sweep.jvmVaries) g.push(r.jvm);
      return g.join(" ");
    }
    var xs = [], labels = [];
    if (axis.numeric) {
      rows.forEach(function (r) { var v = r.x[axis.key]; if (v != null && xs.indexOf(v) < 0) xs.push(v); });
      xs.sort(function (a, b) { return a - b; });
    } else {
      rows.forEach(function (r) { var v = r.params[axis.key]; if (labels.indexOf(v) < 0) labels.push(v); });
      xs = labels.map(function (_, i) { return i; });
    }
    var groups = [];
    rows.forEach(function (r) { var g = group(r); if (groups.indexOf(g) < 0) groups.push(g); });
    var series = [], data = [xs];
    metricKeys.forEach(function (mk) {
      groups.forEach(function (g) {
        var ys = xs.map(function (x, i) {
          var sel = rows.filter(function (r) {
            return group(r) === g && (axis.numeric ? r.x[axis.key] === x : r.params[axis.key] === labels[i]);
          }).map(function (r) { return r.metrics[mk]; }).filter(function (v) { return v != null; });
          return sel.length ? sel.reduce(function (a, b) { return a + b; }, 0) / sel.length : null;
        });
        if (ys.every(function (v) { return v == null; })) return;
        var mi = metricInfo(mk);
        // categories (e.g. rate patterns) are not a scale: points, no lines between them
        series.push(axis.numeric ? {label: mi.label + (g ? " · " + g : ""), points: {show: true, size: 6}}
          : {label: mi.label + (g ? " · " + g : ""), noLine: true, size: 8});
        data.push(ys);
      });
    });
    return {series: series, data: data, labels: labels};
  }

  /**
   * A category axis (e.g. rate patterns): one tick per category. Labels that would run into each other
   * go on two staggered rows, and only what still does not fit is shortened (the legend shows it whole).
   */
  function axisX(axis, labels) {
    if (axis.numeric) return {label: axis.label + (axis.unit ? " (" + axis.unit + ")" : ""), name: axis.label};
    var CHAR_PX = 7;
    function layout(u) {
      var plot = u.bbox && u.bbox.width ? u.bbox.width / (window.devicePixelRatio || 1) : u.width - 90;
      var room = plot / Math.max(1, labels.length) - 6;
      var longest = labels.reduce(function (n, l) { return Math.max(n, String(l).length); }, 0) * CHAR_PX;
      var stagger = labels.length > 1 && longest > room;
      return {stagger: stagger, chars: Math.max(4, Math.floor((stagger ? 2 * room : room) / CHAR_PX))};
    }
    return {label: axis.label, name: axis.label, splits: function () { return labels.map(function (_, i) { return i; }); },
      values: function (u, sp) {
        var L = layout(u);
        var out = sp.map(function (v) {
          if (labels[v] == null) return "";
          var t = short(labels[v], L.chars);
          return L.stagger && v % 2 ? "\n" + t : t;
        });
        categoryCheck(u, out, L.stagger, labels);
        return out;
      },
      size: function (u, values) { return values && values.some(function (v) { return v && v.indexOf("\n") >= 0; }) ? 60 : 42; },
      range: [-0.5, labels.length - 0.5], fmt: function (v) { return labels[v] != null ? labels[v] : v; }};
  }
  /**
   * Measures the category labels as drawn (uPlot's axis font) and counts those that run into their
   * neighbour on the same row; the page's test reads the totals from <body>. Kept per chart, as uPlot
   * asks for the labels again on every redraw.
   */
  var categoryCharts = [];
  var measure = document.createElement("canvas").getContext("2d");
  function categoryCheck(u, texts, stagger, labels) {
    measure.font = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
    var plot = u.bbox && u.bbox.width ? u.bbox.width / (window.devicePixelRatio || 1) : u.width - 90;
    var spacing = plot / Math.max(1, labels.length), step = stagger ? 2 : 1;
    var widths = texts.map(function (t) { return measure.measureText(t.replace("\n", "")).width; });
    var drawn = 0, overlapping = 0, shortened = 0;
    texts.forEach(function (t, i) {
      if (!t) return;
      drawn++;
      if (t.indexOf("…") >= 0 && String(labels[i]).indexOf("…") < 0) shortened++;
      var j = i + step; // the next label on the same row; centred on their ticks
      if (j < texts.length && texts[j] && (widths[i] + widths[j]) / 2 > spacing * step) overlapping++;
    });
    var entry = categoryCharts.filter(function (e) { return e.u === u; })[0];
    if (!entry) categoryCharts.push(entry = {u: u});
    entry.drawn = drawn; entry.overlapping = overlapping; entry.shortened = shortened; entry.staggered = stagger;
    function sum(k) { return categoryCharts.reduce(function (n, e) { return n + (e[k] ? +e[k] : 0); }, 0); }
    document.body.dataset.categoryLabels = String(sum("drawn"));
    document.body.dataset.categoryLabelsOverlapping = String(sum("overlapping"));
    document.body.dataset.categoryLabelsShortened = String(sum("shortened"));
    document.body.dataset.categoryChartsStaggered = String(sum("staggered"));
  }
  function short(s, n) { s = String(s); return s.length > n ? s.slice(0, n - 1) + "…" : s; }

  function across(okTrials) {
    if (D.trials.length < 2) return;
    var s = section(app, "Across trials", "across");
    var sw = D.sweep;
    var anyBursts = sw.rows.some(function (r) { return r.metrics && r.metrics.meanBurstMs != null; });
    var defaults = anyBursts ? ["meanBurstMs", "p99BurstMs"] : ["processingP99Us", "scheduledP99Us"];
    if (okTrials.length < 2) { s.appendChild(note("Fewer than two trials were analysed, so there is nothing to compare.")); return; }
    sw.axes.forEach(function (axis) {
      s.appendChild(el("h3", {text: (anyBursts ? "Burst time" : "Event time and scheduled latency") + " against " + axis.label}));
      s.appendChild(note("Each point is the mean over the repetitions of a trial configuration (as the thesis's Figs 4.2 and 4.3 for d). "
        + "Swept parameter: " + axis.key + "."));
      var g = grid(s);
      defaults.forEach(function (k) {
        var sd = sweepData(axis, [k]);
        chart(g, {title: metricInfo(k).label + " vs " + axis.label, series: sd.series, data: sd.data, x: axisX(axis, sd.labels),
          y: {label: metricInfo(k).unit}});
      });
      metricChooser(g, axis, defaults[0] === "meanBurstMs" ? "aOverB1" : "achievedRate");
    });
    // every trial side by side (also for repetitions, or when only the JVM changes)
    s.appendChild(el("h3", {text: "Every trial"}));
    var g2 = grid(s);
    metricChooser(g2, null, anyBursts ? "meanBurstMs" : "processingP99Us");
    if (sw.jvmVaries) jvmConfigs(s, anyBursts);
  }

  /** A chart of one metric chosen from a list; redrawn on change (the first drawing is counted). */
  function metricChooser(g, axis, initial) {
    var holder = el("div");
    g.appendChild(holder);
    var sel = el("select");
    D.sweep.metrics.forEach(function (m) {
      var has = D.sweep.rows.some(function (r) { return r.metrics && r.metrics[m.key] != null; });
      if (has) sel.appendChild(el("option", {value: m.key, text: m.label + (m.unit ? " (" + m.unit + ")" : "")}));
    });
    sel.value = initial;
    if (sel.value !== initial && sel.options.length) sel.value = sel.options[0].value;
    holder.appendChild(el("div", {cls: "note"}, ["metric: ", sel]));
    var inner = el("div", {cls: "grid one"});
    holder.appendChild(inner);
    var current = null;
    function draw(count) {
      inner.innerHTML = "";
      var mk = sel.value, mi = metricInfo(mk);
      var spec;
      if (axis) {
        var sd = sweepData(axis, [mk]);
        spec = {title: mi.label + " vs " + axis.label, series: sd.series, data: sd.data, x: axisX(axis, sd.labels), y: {label: mi.unit}};
      } else {
        var rows = D.sweep.rows.filter(function (r) { return r.metrics; });
        var labels = rows.map(function (r) { return rows.length > 4 ? r.id : r.id + " " + (r.label || ""); });
        spec = {title: mi.label + " per trial", series: [{label: mi.label, noLine: true, size: 7}],
          data: [rows.map(function (_, i) { return i; }), rows.map(function (r) { return r.metrics[mk]; })],
          x: axisX({label: "trial", numeric: false}, labels), y: {label: mi.unit}};
      }
      if (!count) expected--; // redraws are not part of the page's count
      var before = drawn;
      current = chart(inner, spec);
      if (!count && drawn > before) drawn--;
    }
    sel.addEventListener("change", function () { draw(false); });
    draw(true);
  }

  function jvmConfigs(s, anyBursts) {
    s.appendChild(el("h3", {text: "JVM configurations side by side"}));
    s.appendChild(note("Each trial with its JVM options (as the thesis's Fig. 4.24): "
      + (anyBursts ? "burst time percentiles" : "event time percentiles") + ", and what the JVM did during the run (JFR)."));
    var rows = D.sweep.rows.filter(function (r) { return r.metrics; });
    rows.sort(function (a, b) { return a.jvm < b.jvm ? -1 : a.jvm > b.jvm ? 1 : 0; });
    s.appendChild(table(["trial", "JVM options", "params", "mean burst ms", "p99 burst ms", "p50 event µs", "p99 event µs", "A/B N=1",
      "GC pauses", "GC ms", "JIT compilations", "JIT ms", "safepoints"], rows.map(function (r) {
      var m = r.metrics, p = Object.keys(r.params).filter(function (k) { return k !== "jvm"; }).map(function (k) { return k.split(".").pop() + "=" + r.params[k]; }).join(" ");
      return [r.id, r.jvm, p, fmt(m.meanBurstMs), fmt(m.p99BurstMs), fmt(m.processingP50Us), fmt(m.processingP99Us), fmt(m.aOverB1, 2),
        m.gcCount == null ? "n/a" : m.gcCount, fmt(m.gcTotalMs), m.jitCount == null ? "n/a" : m.jitCount, fmt(m.jitTotalMs),
        m.safepointCount == null ? "n/a" : m.safepointCount];
    }), [0, 1, 2]));
    var labels = rows.map(function (r) { return rows.length > 6 ? r.id : r.id + " " + r.jvm; });
    var keys = anyBursts ? [["minBurstMs", "min"], ["p25BurstMs", "p25"], ["p50BurstMs", "median"], ["p75BurstMs", "p75"], ["p99BurstMs", "p99"], ["maxBurstMs", "max"]]
      : [["processingP50Us", "p50"], ["processingP99Us", "p99"], ["processingP999Us", "p99.9"]];
    var data = [rows.map(function (_, i) { return i; })];
    var series = keys.map(function (k, i) {
      data.push(positive(rows.map(function (r) { return r.metrics[k[0]]; })));
      return {label: k[1], noLine: true, size: 9, color: COLORS[i]};
    });
    chart(grid(s, true), {title: (anyBursts ? "Burst time" : "Event time") + " per JVM configuration", series: series, data: data,
      x: axisX({label: "trial and JVM options", numeric: false}, labels), y: {label: anyBursts ? "ms" : "µs", log: true}, height: 300});
  }

  // ---- one trial -----------------------------------------------------------------------------
  function trialSection(t) {
    var det = el("details", {cls: "trial", id: "trial-" + t.id, open: ""});
    det.appendChild(el("summary", null, [t.id + " · " + (t.label || ""), el("span", {cls: "params", text: t.paramsText || ""})]));
    app.appendChild(det);
    var s = el("div");
    det.appendChild(s);
    var r = t.result || {};
    s.appendChild(kv([
      ["status", el("span", {text: t.error ? "ok, but not analysed" : (t.checks || {}).statusText || t.status,
        cls: t.status === "ok" && !t.error ? "status-ok" : "status-failed"})],
      ["reason", t.reason], ["params", t.paramsText], ["JVM options", (t.jvm || []).join(" ") || "(default)"],
      ["engine", r.engine ? r.engine + (r.engineVersion ? " (" + r.engineVersion + ")" : "") : null],
      ["events sent", r.eventsSent != null ? fmtInt(r.eventsSent) : null],
      ["outputs received", r.outputsReceived != null ? fmtInt(r.outputsReceived) + (r.outputsRecorded != null && r.outputsRecorded !== r.outputsReceived ? " (" + fmtInt(r.outputsRecorded) + " recorded)" : "") : null],
      ["output delivery", r.outputDelivery], ["achieved rate (measured)", r.achievedRate != null ? fmt(r.achievedRate, 1) + " ev/s" : null],
      ["run / drain", r.runS != null ? fmt(r.runS, 3) + " s / " + fmt(r.drainS, 3) + " s" : null],
      ["JDK", t.env ? t.env.jdk + (t.env.maxHeapMb ? ", max heap " + t.env.maxHeapMb + " MiB" : "") : null],
      ["clock drift", r.clockDriftNs != null ? r.clockDriftNs + " ns over the trial" : null],
      ["duration", t.durationS != null ? fmt(t.durationS, 1) + " s (with JVM start and writing)" : null]
    ]));
    if (t.error) { s.appendChild(el("p", {cls: "warn", text: t.error})); return; }
    if (t.status !== "ok") { s.appendChild(el("p", {cls: "warn", text: "This trial failed: " + (t.reason || "no reason recorded") + ". Nothing else of it is shown."})); return; }
    (t.notes || []).forEach(function (n) { s.appendChild(note(n)); });
    guard(t.id + " warnings", function () { warnings(s, t); });
    if (r.phases && r.phases.length) {
      // Poisson arrivals draw their count around the target: then the intended times' own rate gets a column.
      var drawn = r.phases.some(function (p) { return p.intendedRate != null && p.targetRate != null && Math.abs(p.intendedRate - p.targetRate) >= 0.05; });
      s.appendChild(table(["phase", "measured", "profile", "events", "target ev/s"].concat(drawn ? ["intended ev/s"] : [])
          .concat(["achieved ev/s", "max lag ms", "last lag ms"]),
        r.phases.map(function (p) {
          return [p.name, p.measure ? "yes" : "no", p.profile, fmtInt(p.count), fmt(p.targetRate, 1)].concat(drawn ? [fmt(p.intendedRate, 1)] : [])
            .concat([fmt(p.achievedRate, 1), fmt(p.maxLagMs), fmt(p.lastLagMs)]);
        }), [0, 1, 2]));
      if (drawn) s.appendChild(note("target: the rate the workload asks for; intended: the rate of the phase's intended send times"
        + " (its events over its span), which Poisson arrivals draw at random around the target."));
    }
    guard(t.id + " broker and CPU", function () { systemFigures(s, r); });
    guard(t.id + " latency", function () { latency(s, t); });
    guard(t.id + " over time", function () { overTime(s, t); });
    guard(t.id + " timeline", function () { timeline(s, t); });
    guard(t.id + " bursts", function () { bursts(s, t); });
    guard(t.id + " event times", function () { eventTimes(s, t); });
    guard(t.id + " positions", function () { positions(s, t); });
    guard(t.id + " head-tail", function () { headTail(s, t); });
    guard(t.id + " top bursts", function () { topBursts(s, t); });
    guard(t.id + " spikes", function () { spikes(s, t); });
    guard(t.id + " sensors", function () { sensors(s, t); });
  }

  /** Engines behind a broker: producer ack and broker-to-broker latency; CPU seconds per process, cores busy, throughput per core. */
  function systemFigures(s, r) {
    if (!r.broker && !r.cpu) return;
    var sec = section(s, "Broker and CPU per process");
    var b = r.broker;
    if (b) {
      var rows = [["producer ack (send start → acknowledged, driver's clock)", b.ack_ms], ["broker-to-broker (output append − input append, broker's clock)", b.broker_to_broker_ms]]
        .filter(function (x) { return x[1]; })
        .map(function (x) { return [x[0], fmtInt(x[1].count), fmt(x[1].p50, 3), fmt(x[1].p99, 3), fmt(x[1].max, 3)]; });
      sec.appendChild(table(["latency, ms", "count", "p50", "p99", "max"], rows, [0]));
      sec.appendChild(note("acknowledged " + fmtInt(b.acks) + ", refused " + fmtInt(b.refused) + "; producer settings "
        + (b.producer && Object.keys(b.producer).length ? JSON.stringify(b.producer) : "Kafka's defaults")));
    }
    var c = r.cpu;
    if (c && c.seconds) {
      var procs = Object.keys(c.seconds).map(function (k) { return [k, fmt(c.seconds[k], 2)]; });
      procs.push(["all", fmt(c.total_s, 2)]);
      sec.appendChild(table(["process", "CPU s"], procs, [0]));
      sec.appendChild(note("utime + stime from /proc/<pid>/stat (1/100 s), first send to end of drain, over " + fmt(c.wall_s, 3) + " s: "
        + fmt(c.cores_busy, 2) + " cores busy; throughput per core " + fmtInt(c.events_per_cpu_s) + " events per CPU-second."));
    }
  }

  /** The trial's warnings (the summary's list: errors, disturbance, phases that were no steady state, warm-up, dominated means). */
  function warnings(s, t) {
    var c = t.checks || {};
    if (c.note) s.appendChild(note(c.note));
    var w = c.warnings || [];
    if (!w.length) return;
    var sec = section(s, "Warnings (" + w.length + ")");
    var ul = el("ul", {cls: "warnings"});
    w.forEach(function (x) { ul.appendChild(el("li", {cls: "warn", text: x.kind + " (" + x.figure + "): " + x.message})); });
    sec.appendChild(ul);
    var e = c.errors;
    if (e && e.first && e.first.length) {
      sec.appendChild(table(["first errors: at s", "source", "where", "message"], e.first.map(function (f) {
        return [fmt(f.t_ns / 1e9, 6), f.source === "send" ? "thrown out of send" : "engine", f.where || "", f.message]; }), [1, 2, 3]));
    }
    var d = c.disturbedIntervals;
    if (d && d.length) {
      var worst = d.slice().sort(function (a, b) { return b[2] - a[2] || b[3] - a[3]; }).slice(0, 10);
      sec.appendChild(table(["disturbed interval at s", "stalled ms", "involuntary switches", "steal ms"],
        worst.map(function (i) { return [fmt(i[0], 3), fmt(i[2]), fmtInt(i[3]), fmt(i[4], 1)]; })));
      if (d.length > worst.length) sec.appendChild(note("The " + worst.length + " worst of " + d.length + " disturbed intervals; all are marked on the time charts."));
    }
  }

  function latency(s, t) {
    var L = t.latency;
    if (!L || !L.modes.length) return;
    var sec = section(s, "Latency per mode");
    sec.appendChild(note("processing: send start → send end of each measured event (synchronous engines). end-to-end: send start of the causing input → "
      + "receipt of the output; uncorrected, it hides the wait of events the driver sent late. scheduled: intended send time → receipt; "
      + "coordinated-omission safe (no HdrHistogram correction on top). Nearest-rank percentiles, µs."));
    var head = ["µs"].concat(L.modes.map(function (m) { return MODE_LABEL[m.mode] + (m.source === "hlog" ? " ¹" : ""); }));
    var rows = [["count"].concat(L.modes.map(function (m) { return fmtInt(m.count); })),
      ["mean"].concat(L.modes.map(function (m) { return fmt(m.meanUs); })),
      ["std"].concat(L.modes.map(function (m) { return fmt(m.stdUs); })),
      ["min"].concat(L.modes.map(function (m) { return fmt(m.minUs); }))];
    L.tableP.forEach(function (p, i) { rows.push(["p" + p].concat(L.modes.map(function (m) { return fmt(m.tableUs[i]); }))); });
    rows.push(["max"].concat(L.modes.map(function (m) { return fmt(m.maxUs); })));
    var cols = el("div", {cls: "cols2"});
    sec.appendChild(cols);
    var left = el("div");
    left.appendChild(table(head, rows));
    if (L.modes.some(function (m) { return m.source === "hlog"; })) left.appendChild(note("¹ from the HdrHistogram log (3 significant digits)."));
    cols.appendChild(left);
    var g = grid(cols, true);
    var xs = L.curveP.map(function (p) { return p >= 100 ? 6 : -Math.log10(1 - p / 100); });
    var labels = {0: "0%", 1: "90%", 2: "99%", 3: "99.9%", 4: "99.99%", 5: "99.999%", 6: "max"};
    chart(g, {title: "Latency by percentile", note: "x: percentile on a scale of nines; y: µs, log",
      series: L.modes.map(function (m) { return {label: MODE_LABEL[m.mode], points: {show: true, size: 4}}; }),
      data: [xs].concat(L.modes.map(function (m) { return positive(m.curveUs); })),
      x: {label: "percentile", name: "percentile", splits: function () { return [0, 1, 2, 3, 4, 5, 6]; },
        values: function (u, sp) { return sp.map(function (v) { return labels[v] || ""; }); }, range: [0, 6.05],
        fmt: function (v) { var i = xs.indexOf(v); return i >= 0 ? "p" + L.curveP[i] : fmt(v); }},
      y: {label: "µs", log: true}, height: 240});
  }

  function overTime(s, t) {
    var iv = t.intervals;
    if (!iv) return;
    var sec = section(s, "Over time");
    sec.appendChild(note("From intervals.csv: one point per hlog interval on the trial's axis (s since its origin); dotted lines are phase starts;"
      + " a dark strip at the bottom marks the intervals in which the driver was descheduled (see Warnings)."
      + (iv.downsampledFrom ? " Downsampled from " + iv.downsampledFrom + " intervals, keeping each bucket's minimum and maximum." : "")));
    var g = grid(sec);
    var S = iv.series, marks = {phases: iv.phases, disturbed: disturbedMarks(t)};
    var rs = [["target_rate", "target r(t)", "#7f7f7f", [6, 3]], ["intended_rate", "intended", "#bcbd22"], ["input_rate", "input (send starts)", "#1f77b4"], ["output_rate", "output", "#d62728"]];
    var series = [], data = [iv.t];
    rs.forEach(function (r) { if (S[r[0]]) { series.push({label: r[1], color: r[2], dash: r[3]}); data.push(S[r[0]]); } });
    if (S.lag_max_ms) { series.push({label: "max lag (ms)", color: "#9467bd", scale: "y2", width: 1}); data.push(S.lag_max_ms); }
    chart(g, {title: "Input and output rate against the target", series: series, data: data, x: {label: "s"}, y: {label: "events/s"},
      y2: S.lag_max_ms ? {label: "lag ms"} : null, plugins: [marksPlugin(marks)]});
    ["processing", "end_to_end", "scheduled"].forEach(function (m) {
      var label = MODE_LABEL[m.replace(/_/g, "-")];
      if (!S[m + "_p50_us"]) return;
      chart(g, {title: "Percentiles over time: " + label, series: [
        {label: "p50", color: "#2ca02c"}, {label: "p99", color: "#ff7f0e"}, {label: "max", color: "#d62728", width: 1}],
        data: [iv.t, positive(S[m + "_p50_us"]), positive(S[m + "_p99_us"]), positive(S[m + "_max_us"])],
        x: {label: "s"}, y: {label: "µs", log: true}, plugins: [marksPlugin(marks)]});
    });
  }

  function timeline(s, t) {
    var tl = t.timeline;
    if (!tl) return;
    var sec = section(s, tl.kind === "bursts" ? "Burst processing time, with the JVM's activity" : "Event time over the run, with the JVM's activity");
    sec.appendChild(note(tl.kind === "bursts"
      ? "Each point is one burst at its start on the trial's axis: Time(S_i,*) = send end of its last event − send start of its first (ms). "
        + "JVM events from the trial's JFR recording (jvm-events.csv) on the same axis."
      : "This profile has no bursts: the per-interval maximum and p99 event time instead, with JVM events from JFR on the same axis."));
    sec.appendChild(marksLegend(t));
    var g = grid(sec, true);
    var marks = trialMarks(t);
    if (tl.kind === "bursts") {
      chart(g, {title: "Time(S_i,*) per burst", series: [
          {label: "measured bursts", color: "#1f77b4", points: {show: true, size: 4}},
          {label: "warm-up bursts (not measured)", color: "#9e9e9e", points: {show: true, size: 4}}],
        data: [tl.x, positive(tl.measured), positive(tl.warmup)], x: {label: "s"}, y: {label: "ms", log: true},
        plugins: [marksPlugin(marks)], height: 300});
    } else {
      var S = t.intervals.series;
      chart(g, {title: "Event time per interval", series: [{label: "max", color: "#d62728"}, {label: "p99", color: "#ff7f0e"}],
        data: [t.intervals.t, positive(S.processing_max_us), positive(S.processing_p99_us)], x: {label: "s"}, y: {label: "µs", log: true},
        plugins: [marksPlugin(marks)], height: 300});
    }
    var j = t.jvmEvents || {};
    if (j.kinds && j.kinds.length) {
      var cols = el("div", {cls: "cols2"});
      sec.appendChild(cols);
      var a = el("div");
      a.appendChild(el("h4", {text: "JVM events during the run"}));
      a.appendChild(table(["kind", "count", "total ms", "longest ms"], j.kinds.map(function (k) { return [k.kind, fmtInt(k.count), fmt(k.totalMs), fmt(k.maxMs)]; })));
      cols.appendChild(a);
      if (j.gcTop && j.gcTop.length) {
        var b = el("div");
        b.appendChild(el("h4", {text: "Longest GC pauses"}));
        b.appendChild(table(["at s", "ms", "detail"], j.gcTop.map(function (x) { return [fmt(x.startS, 6), fmt(x.ms), x.detail]; }), [2]));
        cols.appendChild(b);
      }
    }
  }

  function histChart(g, title, h, unit, logY, noteText) {
    var xs = h.counts.map(function (_, i) { return h.loUs + i * h.widthUs; });
    var ys = logY ? positive(h.counts) : h.counts;
    chart(g, {title: title, note: noteText, series: [{label: "events", bars: true, color: "#1f77b4"}], data: [xs, ys],
      x: {label: unit + " (bin start; width " + fmt(h.widthUs) + " " + unit + ")", name: unit}, y: {label: "count" + (logY ? " (log)" : ""), log: logY}});
  }

  function bursts(s, t) {
    var b = t.bursts;
    if (!b || !b.stats) return;
    var sec = section(s, "Burst processing time (Table 4.1)");
    var st = b.stats;
    var cols = el("div", {cls: "cols2"});
    sec.appendChild(cols);
    var left = el("div");
    left.appendChild(table(["bursts", "mean ms", "median ms", "trimmed ms", "min ms", "max ms", "sum ms", "std ms", "p99 ms"],
      [[st.count, fmt(st.meanMs), fmt(st.p50Ms), fmt(st.trimmedMs), fmt(st.minMs), fmt(st.maxMs), fmt(st.sumMs), fmt(st.stdMs), fmt(st.p99Ms)]], []));
    left.appendChild(note("Measured bursts only (all their events in a measured phase); std is the sample std (n − 1); trimmed: the mean"
      + " without the lowest and highest 10 % of bursts. Shortest: burst " + st.minBurst + "; longest: burst " + st.maxBurst
      + (st.maxShift != null ? ", which alone lifts the mean by " + fmt(100 * st.maxShift, 1) + " %." : ".")));
    cols.appendChild(left);
    if (b.hist) {
      var h = {loUs: b.hist.loUs / 1000, widthUs: b.hist.widthUs / 1000, counts: b.hist.counts};
      histChart(grid(cols, true), "Burst times, log-y", h, "ms", true);
    }
  }

  function eventTimes(s, t) {
    var e = t.events;
    if (!e) return;
    var sec = section(s, "Event time distribution");
    sec.appendChild(note("Event (processing) time Time(S_i,j) = send end − send start of each of the " + fmtInt(e.count)
      + " measured events. Exact counts over every event (DuckDB over events.parquet)."));
    var cols = el("div", {cls: "cols2"});
    sec.appendChild(cols);
    var left = el("div");
    left.appendChild(el("h4", {text: "Share of events below each threshold (Table 4.4)"}));
    var rows = e.thresholds.map(function (r) { return [r.us, fmtInt(r.count), fmt(r.pct, 3)]; });
    rows.push(["max " + fmt(e.maxUs) + " µs", fmtInt(e.count), "100.000"]);
    left.appendChild(table(["below µs", "events", "%"], rows));
    cols.appendChild(left);
    var g0 = grid(cols, true);
    chart(g0, {title: "Cumulative distribution", note: "share of events with time ≤ x; x log",
      series: [{label: "% ≤ x", color: "#1f77b4"}], data: [e.cdf.xUs, e.cdf.pct],
      x: {label: "µs", log: e.minUs > 0}, y: {label: "%", range: [0, 100]}, height: 260});
    var g = grid(sec);
    histChart(g, "Event times up to p99, linear", e.body, "µs", false,
      fmtInt(e.body.above) + " events above p99 (" + fmt(e.body.hiUs) + " µs) are in the log-y chart");
    histChart(g, "Event times up to the max, log-y", e.full, "µs", true, "every measured event");
  }

  function positions(s, t) {
    var P = t.positions;
    if (!P || !P.rows.length) return;
    var sec = section(s, "Per-position distributions S_*,j");
    sec.appendChild(note("The time of the j-th event of each burst, over the measured bursts" + (P.skip ? " after the first " + P.skip + " (warm-up and measure.skip_bursts)" : "")
      + "; n is the burst's last event. Nearest-rank percentiles, µs."));
    var head = ["j", "bursts", "min"].concat(P.p.map(function (p) { return "p" + p; })).concat(["max", "mean"]);
    var cols = el("div", {cls: "cols2"});
    sec.appendChild(cols);
    cols.appendChild(table(head, P.rows.map(function (r) {
      return [r.j, r.bursts, fmt(r.minUs)].concat(r.pUs.map(function (v) { return fmt(v); })).concat([fmt(r.maxUs), fmt(r.meanUs)]);
    })));
    var labels = P.rows.map(function (r) { return "j=" + r.j; });
    var data = [P.rows.map(function (_, i) { return i; }), positive(P.rows.map(function (r) { return r.minUs; }))];
    var series = [{label: "min", noLine: true, size: 6, color: COLORS[7]}];
    P.p.forEach(function (p, k) {
      data.push(positive(P.rows.map(function (r) { return r.pUs[k]; })));
      series.push({label: "p" + p, color: COLORS[k], points: {show: true, size: 5}});
    });
    data.push(positive(P.rows.map(function (r) { return r.maxUs; })));
    series.push({label: "max", noLine: true, size: 7, color: "#d62728"});
    chart(grid(cols, true), {title: "S_*,j by position", series: series, data: data,
      x: axisX({label: "position j", numeric: false}, labels), y: {label: "µs", log: true}});
    var keys = Object.keys(P.series || {});
    if (keys.length) {
      // align the positions' series on burst index
      var idx = [];
      keys.forEach(function (k) { P.series[k].burst.forEach(function (b) { if (idx.indexOf(b) < 0) idx.push(b); }); });
      idx.sort(function (a, b) { return a - b; });
      var pos = {}; idx.forEach(function (b, i) { pos[b] = i; });
      var d2 = [idx];
      var s2 = keys.map(function (k, i) {
        var ys = idx.map(function () { return null; });
        P.series[k].burst.forEach(function (b, n) { ys[pos[b]] = P.series[k].us[n]; });
        d2.push(positive(ys));
        return {label: "j=" + k, color: COLORS[i], points: {show: true, size: 3}, width: 1};
      });
      chart(grid(sec, true), {title: "S_i,j over the bursts i", note: "the first, second and last event of each burst: the cost of the first events after idle time shows here",
        series: s2, data: d2, x: {label: "burst i", integer: true}, y: {label: "µs", log: true}});
    }
  }

  function headTail(s, t) {
    var H = t.headTail;
    if (!H || !H.rows.length) return;
    var sec = section(s, "Head-tail comparison (Tables 4.2, 4.3)");
    sec.appendChild(note("A = mean over the " + H.rows[0].bursts + " bursts" + (H.skip ? " (the first " + H.skip + " measured ones left out)" : "")
      + " of the sum of the first N event times of a burst, B = the same for the last N (µs). A/B ≫ 1: the first events of a burst cost more."
      + " Median (nearest rank) and trimmed mean (the lowest and highest 10 % of bursts left out) of the same per-burst sums resist one"
      + " extreme burst; A's top burst is the burst with the largest sum, with how much it alone lifts A."));
    var cols = el("div", {cls: "cols2"});
    sec.appendChild(cols);
    var rows = [["A µs"], ["B µs"], ["A−B µs"], ["A/B"], ["A median µs"], ["A trimmed µs"], ["B median µs"], ["B trimmed µs"], ["A's top burst"]];
    H.rows.forEach(function (r) {
      rows[0].push(fmt(r.aUs)); rows[1].push(fmt(r.bUs)); rows[2].push(fmt(r.aMinusBUs)); rows[3].push(fmt(r.aOverB, 2));
      rows[4].push(fmt(r.aMedianUs)); rows[5].push(fmt(r.aTrimmedUs)); rows[6].push(fmt(r.bMedianUs)); rows[7].push(fmt(r.bTrimmedUs));
      rows[8].push(r.aMaxBurst + (r.aMaxShift != null ? " (+" + fmt(100 * r.aMaxShift, 0) + " %)" : ""));
    });
    cols.appendChild(table(["N"].concat(H.rows.map(function (r) { return r.n; })), rows));
    chart(grid(cols, true), {title: "Head and tail against N", series: [
        {label: "A (first N)", color: "#d62728", points: {show: true, size: 5}}, {label: "B (last N)", color: "#1f77b4", points: {show: true, size: 5}},
        {label: "A/B", color: "#2ca02c", scale: "y2", dash: [5, 3], points: {show: true, size: 5}}],
      data: [H.rows.map(function (r) { return r.n; }), positive(H.rows.map(function (r) { return r.aUs; })), positive(H.rows.map(function (r) { return r.bUs; })),
        H.rows.map(function (r) { return r.aOverB; })],
      x: {label: "N", log: true}, y: {label: "µs", log: true}, y2: {label: "A/B"}});
  }

  function topBursts(s, t) {
    var b = t.bursts;
    if (!b || !b.top || !b.top.length) return;
    var sec = section(s, "Top " + b.top.length + " bursts (Table 4.5)");
    sec.appendChild(table(["burst", "events", "at s", "time ms", "max event µs", "mean event µs", "std event µs"],
      b.top.map(function (r) { return [r.burst, r.events, fmt(r.startS, 6), fmt(r.timeMs), fmt(r.maxEventUs), fmt(r.meanEventUs), fmt(r.stdEventUs)]; })));
  }

  function spikes(s, t) {
    var a = t.annotations || {};
    var sec = section(s, "Spikes and warm-up");
    if (a.error) sec.appendChild(el("p", {cls: "warn", text: a.error}));
    if (!a.provided) {
      sec.appendChild(note("No spike attribution or warm-up detection was given to this report (hook: ReportWriter.write(run, html, ReportAnnotations))."
        + " The JVM events are on the timeline above."));
      return;
    }
    if (a.note) sec.appendChild(note(a.note));
    if (a.warmupEndS != null) sec.appendChild(kv([["warm-up ends at", fmt(a.warmupEndS, 6) + " s on the trial's axis (dashed green line on the timeline)"]]));
    if (!a.spans || !a.spans.length) { sec.appendChild(note("No spikes.")); return; }
    // The note above counts them by cause; the table lists the longest ones.
    if (a.total > a.spans.length) sec.appendChild(note("The " + a.spans.length + " longest of the " + a.total + " are listed below."));
    sec.appendChild(table(["start s", "end s", "ms", "cause", "what"], a.spans.map(function (x) {
      return [fmt(x.startS, 6), fmt(x.endS, 6), fmt((x.endS - x.startS) * 1000), el("span", {text: causeWords(x.cause), style: "border-left: 10px solid " + (SPAN[x.cause] || SPAN.unattributed) + "; padding-left: 4px"}), x.detail];
    }), [3, 4]));
  }

  function sensors(s, t) {
    var S = t.sensors;
    if (!S || !S.charts.length) return;
    var sec = section(s, "Sensors");
    sec.appendChild(note("sensors.csv on the trial's axis; page faults as the rate between consecutive samples; GC pauses as red bands."
      + (S.others && S.others.length ? " Also recorded, not drawn: " + S.others.map(function (x) { return x.replace("sensor://", ""); }).join(", ") + "." : "")));
    var g = grid(sec);
    var m = trialMarks(t);
    var gcOnly = {gc: m.gc, phases: m.phases, warmupEndS: m.warmupEndS};
    S.charts.forEach(function (c) {
      chart(g, {title: c.title, series: c.series.map(function (x) { return {label: x.label, width: 1.2}; }),
        data: [c.t].concat(c.series.map(function (x) { return x.y; })), x: {label: "s"}, y: {label: c.unit}, plugins: [marksPlugin(gcOnly)]});
    });
  }

  // ---- go --------------------------------------------------------------------------------------
  var ok = guard("header", header) || [];
  guard("summary", headline);
  guard("overview", overview);
  guard("across trials", function () { across(ok); });
  guard("suite", suiteSections);
  D.trials.forEach(function (t) { guard("trial " + t.id, function () { trialSection(t); }); });
  finish();
