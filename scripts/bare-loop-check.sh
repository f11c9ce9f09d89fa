#!/usr/bin/env bash
# The bare-loop check at full size (docs/benchmarks.md, issue 9): for Siddhi and Esper pass-through at maximum rate,
# ROUNDS rounds, each of three fresh JVMs with -Xmx4g (the bare loop, a trial with every record, a trial in capacity
# mode), their order rotated from round to round so that a machine getting busier or quieter favours none. Each JVM
# first sends WARM events untimed (a multiple of 32768, as EVENTS is), then EVENTS timed: a trial's figures are its
# timed phase's, its sender's time on a CPU per event (result.json's disturbance.senders_on_cpu_ms_by_phase), the GC
# pauses while sending (JFR) and the tier-4 compilations of the send path that ended in the timed phase (with any, not
# a steady state); the bare loop's line has its own time on a CPU and the cost of one System.nanoTime().
# Each line also has loop_inlined_bytes, what C2 inlined into the send loop (-1: not compiled at tier 4): on Siddhi it
# tells the fresh JVMs' compiled forms apart (docs/benchmarks.md, "The compiled form").
# The ratios are per round (both sides measured minutes apart at most): every record / (bare + 2 clock reads),
# capacity / bare; the verdict takes their median and its distribution-free interval (order statistics, the
# binomial coverage stated; scripts/ratio_interval.py): "within 10 %" only if the whole interval is.
# EVENTS defaults to 32 Mi: with 1 Mi timed events (~140 ms on Siddhi) the capacity trials' figures still spread over
# 124-210 ns/event while the bare loop's stayed within 121-147; from 8 Mi on they did not (docs/benchmarks.md).
# Usage: [WARM=n] [KINDS="bare capacity"] scripts/bare-loop-check.sh [EVENTS] [ROUNDS] [OUT_DIR] [ENGINES]
#        (default WARM=4194304, KINDS="bare records capacity", 33554432 9 /tmp/bare-loop-check "siddhi esper")
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
events=${1:-33554432}; rounds=${2:-9}; out=${3:-/tmp/bare-loop-check}; engines=${4:-siddhi esper}; warm=${WARM:-4194304}
"$here/evperf" --help > /dev/null   # builds the CLI when its sources changed
cp="$here/evperf-cli/target/evperf-cli.jar:$here/evperf-cli/target/lib/*"
rm -rf "$out"; mkdir -p "$out"
workload() { # engine query extra-measure
  cat <<YAML
name: check-$1
streams:
  StockStream:
    fields: {id: long, symbol: string, price: float, volume: long}
    sequence: id
data:
  StockStream: {pool: 1000, seed: 1}
engine:
  name: $1
  queries: |
    $2
  outputs:
    OutputStream: {sequence: id}
load:
  phases: $phases
measure: {live: false, sensors: {enabled: false}$3}
trial: {jvm: [-Xmx4g], timeout: 30m}
YAML
}
if [ "$warm" -gt 0 ]; then phases="[{name: warm-up, max: {count: $warm}}, {name: timed, max: {count: $events}}]"
else phases="[{name: all, max: {count: $events}}]"; fi
figures() { python3 - "$@" <<'PY'
import json, sys, csv
d = sys.argv[1] + '/trials/t001'
r = json.load(open(d + '/result.json'))
ph = r['phases'][-1]
end = r['run_ns']; start = end - ph['count'] * 1e9 / ph['achieved_rate']
pause = [int(x[3]) / 1e6 for x in csv.reader(open(d + '/jvm-events.csv')) if x[0] == 'gc-pause' and start <= int(x[1]) <= end]
fig = {'round': int(sys.argv[3]), 'engine': sys.argv[4], 'kind': sys.argv[2], 'ns_per_event': round(1e9 / ph['achieved_rate'], 3),
       'gc_pause_ms': round(sum(pause), 3), 'gc_pauses': len(pause), 'write_ms': r.get('write_ms'), 'harness_waits': r.get('harness_waits')}
cpu = r['disturbance'].get('senders_on_cpu_ms_by_phase') or []
if cpu and cpu[-1] is not None: fig['on_cpu_ns_per_event'] = round(cpu[-1] * 1e6 / ph['count'], 1)
path = ('io.siddhi.', 'com.espertech.', 'dev.evperf.siddhi.', 'dev.evperf.esper.', 'Driver.send', 'OutputRecords$',
        'OutputRecords.record', 'OutputRecords.sendingChunk')
fig['send_path_compilations'] = len([x for x in csv.reader(open(d + '/jvm-events.csv'))
    if x[0] == 'jit-compilation' and 'tier 4' in x[4] and any(p in x[4] for p in path) and start <= int(x[2]) <= end])
if (r.get('timing') or {}).get('timed_sends'): fig['timed_sends'] = r['timing']['timed_sends'][-1]
# The bytes C2 inlined into the send loop's last tier-4 compilation (as the bare loop's line has them): which compiled
# form the engine's send chain got in this JVM ("The compiled form" in docs/benchmarks.md).
import subprocess
loop = 'sendDue' if sys.argv[2] == 'capacity' else 'sendEvents'
fig['loop_inlined_bytes'] = -1
try:  # the JDK's jfr tool; without it the figure stays -1
    jfr = subprocess.run(['jfr', 'print', '--json', '--events', 'jdk.Compilation', d + '/trial.jfr'], capture_output=True, text=True)
except OSError:
    jfr = None
if jfr is not None and jfr.returncode == 0:
    for e in json.loads(jfr.stdout)['recording']['events']:
        v = e['values']; m = v.get('method') or {}
        if m.get('name') == loop and (m.get('type') or {}).get('name', '').endswith('Driver') and v.get('compileLevel') == 4:
            fig['loop_inlined_bytes'] = v.get('inlinedBytes')
print(json.dumps(fig))
PY
}
run_one() { # round engine kind
  local e=$2 k=$3
  case $k in
    bare) java -Xmx4g -cp "$cp" dev.evperf.cli.BareLoop "$e" "$events" "$warm" | grep '^{' \
            | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); d.update(round=$1, kind='bare'); print(json.dumps(d))" ;;
    records) "$here/evperf" run "$out/$e.yaml" --out "$out/$e-records-$1" > /dev/null 2>&1; figures "$out/$e-records-$1" records "$1" "$e" ;;
    capacity) "$here/evperf" run "$out/$e-capacity.yaml" --out "$out/$e-capacity-$1" > /dev/null 2>&1
              figures "$out/$e-capacity-$1" capacity "$1" "$e" ;;
  esac
}
for e in $engines; do
  if [ $e = siddhi ]; then q="from StockStream select id, symbol, price, volume insert into OutputStream;"
  else q="insert into OutputStream select id, symbol, price, volume from StockStream"; fi
  workload $e "$q" "" > "$out/$e.yaml"
  workload $e "$q" ", records: false, timing: sampled" > "$out/$e-capacity.yaml"
done
read -r -a kinds <<< "${KINDS:-bare records capacity}"
k=${#kinds[@]}
for round in $(seq 1 "$rounds"); do
  for e in $engines; do
    echo "# round $round $e, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M:%S) UTC" >&2
    for i in $(seq 0 $((k - 1))); do
      run_one "$round" "$e" "${kinds[$(( (i + round) % k ))]}" | tee -a "$out/figures.jsonl"
    done
  done
done
python3 "$here/scripts/ratio_interval.py" "$out/figures.jsonl" | tee "$out/verdict.txt"
