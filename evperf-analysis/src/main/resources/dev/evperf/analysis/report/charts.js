/*
 * evperf pages (report, compare): the helpers they share. HtmlPage inlines this file and then the
 * page's own script inside one function, so the page script calls these by name.
 */
  var D = JSON.parse(document.getElementById("evperf-data").textContent);
  var app = document.getElementById("app");
  var expected = 0, drawn = 0, errors = 0;
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173"];

  // ---- small helpers -------------------------------------------------------------------------
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "html") e.innerHTML = attrs[k];
      else if (k === "cls") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    (children || []).forEach(function (c) { if (c != null) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }
  function fmt(v, d) {
    if (v == null || typeof v !== "number" || !isFinite(v)) return "n/a";
    if (d == null) {
      var a = Math.abs(v);
      d = a >= 1000 ? 1 : a >= 100 ? 2 : 3;
    }
    return v.toFixed(d);
  }
  function fmtInt(v) { return v == null ? "n/a" : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0"); }
  function table(head, rows, leftCols) {
    leftCols = leftCols || [0];
    var t = el("table");
    var tr = el("tr");
    head.forEach(function (h, i) { tr.appendChild(el("th", {text: h, cls: leftCols.indexOf(i) >= 0 ? "l" : ""})); });
    t.appendChild(el("thead", null, [tr]));
    var tb = el("tbody");
    rows.forEach(function (r) {
      var row = el("tr");
      r.forEach(function (c, i) {
        var td = el("td", {cls: leftCols.indexOf(i) >= 0 ? "l" : ""});
        if (c instanceof Node) td.appendChild(c); else td.textContent = c == null ? "" : String(c);
        row.appendChild(td);
      });
      tb.appendChild(row);
    });
    t.appendChild(tb);
    return t;
  }
  function kv(pairs) {
    var d = el("div", {cls: "kv"});
    pairs.forEach(function (p) {
      if (p[1] == null || p[1] === "") return;
      d.appendChild(el("div", {text: p[0]}));
      var v = el("div");
      if (p[1] instanceof Node) v.appendChild(p[1]); else v.textContent = String(p[1]);
      d.appendChild(v);
    });
    return d;
  }
  function note(text) { return el("p", {cls: "note", text: text}); }
  function section(parent, title, id) {
    var s = el("section", id ? {id: id} : null);
    s.appendChild(el(parent === app ? "h2" : "h3", {text: title}));
    parent.appendChild(s);
    return s;
  }
  function guard(where, fn) {
    try { return fn(); } catch (e) {
      errors++;
      var msg = "could not render " + where + ": " + (e && e.message ? e.message : e);
      if (window.console) console.error(msg);
      window.evperfErrors.push(msg);
      var box = document.getElementById("js-errors");
      if (box) { box.hidden = false; box.textContent = "JavaScript errors: " + window.evperfErrors.join("; "); }
      return null;
    }
  }
  /** The object without its undefined properties (uPlot would take them as overrides of its defaults). */
  function defined(o) { Object.keys(o).forEach(function (k) { if (o[k] === undefined) delete o[k]; }); return o; }
  function positive(arr) { return arr.map(function (v) { return v == null || !(v > 0) ? null : v; }); }

  // ---- charts --------------------------------------------------------------------------------
  function grid(parent, one) { var g = el("div", {cls: one ? "grid one" : "grid"}); parent.appendChild(g); return g; }

  var INTEGER_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000, 100000,
    200000, 250000, 500000, 1000000, 2000000, 5000000, 10000000];

  /** Tick labels with as many decimals as the step between ticks needs (uPlot's default rounds to 3). */
  function tickValues(u, splits, axisIdx, space, incr) {
    var d = 0;
    while (d < 9 && incr > 0 && Math.abs(incr * Math.pow(10, d) - Math.round(incr * Math.pow(10, d))) > 1e-6 * incr * Math.pow(10, d)) d++;
    return splits.map(function (v) { return v == null ? "" : Math.abs(v) >= 1e4 && d === 0 ? fmtInt(Math.round(v)) : v.toFixed(d); });
  }

  /** Y tick labels that fit the axis: 1.5k, 80M, 2G above 10 000; small values as uPlot would print them. */
  function compactValues(u, splits, axisIdx, space, incr) {
    var big = splits.some(function (v) { return v != null && Math.abs(v) >= 1e4; });
    var log = u.scales[u.axes[axisIdx].scale || "y"].distr === 3;
    if (!big) {
      if (!log) return tickValues(u, splits, axisIdx, space, incr);
      return splits.map(function (v) { return v == null ? "" : String(Number(v.toPrecision(6))); });
    }
    return splits.map(function (v) {
      if (v == null) return "";
      var a = Math.abs(v);
      var f = a >= 1e9 ? [1e9, "G"] : a >= 1e6 ? [1e6, "M"] : a >= 1e3 ? [1e3, "k"] : [1, ""];
      var x = v / f[0];
      return (Math.abs(x - Math.round(x)) < 1e-9 ? String(Math.round(x)) : String(Math.round(x * 100) / 100)) + f[1];
    });
  }

  /** A log scale's range: whole decades around the data, so no point sits on the frame. */
  function decades(u, min, max) {
    if (!(min > 0) || !(max > 0)) return [min, max];
    var lo = Math.pow(10, Math.floor(Math.log10(min) + 1e-9)), hi = Math.pow(10, Math.ceil(Math.log10(max) - 1e-9));
    if (lo === min) lo /= 10;
    if (hi === max) hi *= 10;
    return [lo, hi];
  }

  /** Draws one uPlot chart into a new box of the grid; counts it. spec: {title, note, series, data, x:{...}, y:{...}, y2, plugins, height, bars} */
  function chart(gridEl, spec) {
    expected++;
    var box = el("div", {cls: "chart"});
    box.appendChild(el("h4", {text: spec.title}));
    if (spec.note) box.appendChild(note(spec.note));
    gridEl.appendChild(box);
    return guard("chart '" + spec.title + "'", function () {
      var w = Math.floor(box.getBoundingClientRect().width) - 18;
      if (!(w > 200)) w = 640;
      var x = spec.x || {};
      var y = spec.y || {};
      var scales = {x: {time: false}};
      if (x.log) scales.x.distr = 3;
      if (x.range) scales.x.range = x.range;
      scales.y = {};
      if (y.log) { scales.y.distr = 3; scales.y.log = 10; if (!y.range) scales.y.range = decades; }
      if (y.range) scales.y.range = y.range;
      var axes = [
        defined({label: x.label || "", values: x.values || (x.log ? compactValues : tickValues), splits: x.splits, rotate: x.rotate, size: x.size, space: x.space,
          incrs: x.integer ? INTEGER_STEPS : undefined}),
        defined({label: y.label || "", values: y.values || compactValues, size: 64})
      ];
      if (spec.y2) {
        scales.y2 = {};
        axes.push({scale: "y2", side: 1, label: spec.y2.label || "", grid: {show: false}, size: 64});
      }
      var series = [defined({label: x.name || x.label || "x", value: x.fmt ? function (u, v) { return v == null ? "" : x.fmt(v); } : undefined})];
      spec.series.forEach(function (s, i) {
        var o = {label: s.label, stroke: s.color || COLORS[i % COLORS.length], width: s.width || 1.5, spanGaps: s.spanGaps !== false,
          scale: s.scale || "y", show: s.show !== false};
        if (s.points) o.points = s.points;
        if (s.dash) o.dash = s.dash;
        if (s.bars) {
          o.paths = uPlot.paths.bars({align: 1, size: [1, Infinity], gap: 0});
          o.fill = (s.color || COLORS[i % COLORS.length]) + "99";
          o.points = {show: false};
        }
        if (s.fill) o.fill = s.fill;
        if (s.noLine) { o.paths = function () { return null; }; o.points = {show: true, size: s.size || 6, fill: s.hollow ? "#fff" : o.stroke}; }
        o.value = function (u, v) { return v == null ? "–" : fmt(v); };
        series.push(o);
      });
      var opts = {width: w, height: spec.height || 260, scales: scales, axes: axes, series: series,
        cursor: {drag: {x: true, y: false}}, legend: {live: true}, plugins: spec.plugins || []};
      var u = new uPlot(opts, spec.data, box);
      drawn++;
      return u;
    });
  }

  /** Tells the reader of the DOM (evperf's tests) how drawing went: charts drawn and expected, canvases, errors. */
  function finish() {
    document.body.dataset.charts = String(drawn);
    document.body.dataset.chartsExpected = String(expected);
    document.body.dataset.canvases = String(document.querySelectorAll(".uplot canvas").length);
    document.body.dataset.errors = String(window.evperfErrors.length);
    document.body.dataset.ready = "yes";
  }
