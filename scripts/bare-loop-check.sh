#!/usr/bin/env bash
# The bare-loop check at full size (docs/benchmarks.md, issue 9): for Siddhi and Esper pass-through at
# maximum rate, in fresh JVMs run interleaved (bare loop, trial with every record, trial in capacity
# mode; ROUNDS times), each JVM with -Xmx4g: time per event and the GC pauses while sending.
# With WARM=n (a multiple of 32768, as EVENTS then is), each JVM first sends n events untimed, as BareLoopCheckTest
# does: a trial's figures are then its timed phase's, with its sender's time on a CPU per event (result.json's
# disturbance.senders_on_cpu_ms_by_phase) and the tier-4 compilations of the send path that ended in the timed
# phase (jvm-events.csv; with any, not a steady state); the bare loop's line has its own time on a CPU.
# Usage: [WARM=n] scripts/bare-loop-check.sh [EVENTS] [ROUNDS] [OUT_DIR] [ENGINES]
#        (default 10000000 2 /tmp/bare-loop-check "siddhi esper")
# The steady-state figures in docs/benchmarks.md: WARM=4194304 scripts/bare-loop-check.sh 1048576 2 /tmp/steady siddhi
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
events=${1:-10000000}; rounds=${2:-2}; out=${3:-/tmp/bare-loop-check}; engines=${4:-siddhi esper}; warm=${WARM:-0}
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
figures() { python3 - "$1" <<'PY'
import json, sys, csv
d = sys.argv[1] + '/trials/t001'
r = json.load(open(d + '/result.json'))
ph = r['phases'][-1]
end = r['run_ns']; start = end - ph['count'] * 1e9 / ph['achieved_rate']
pause = [int(x[3]) / 1e6 for x in csv.reader(open(d + '/jvm-events.csv')) if x[0] == 'gc-pause' and start <= int(x[1]) <= end]
fig = {'trial': sys.argv[1], 'ns_per_event': round(1e9 / ph['achieved_rate'], 3), 'gc_pause_ms': round(sum(pause), 3),
       'gc_pauses': len(pause), 'write_ms': r.get('write_ms'), 'harness_waits': r.get('harness_waits')}
if len(r['phases']) > 1:
    path = ('io.siddhi.', 'com.espertech.', 'dev.evperf.siddhi.', 'dev.evperf.esper.', 'Driver.send', 'OutputRecords$',
            'OutputRecords.record', 'OutputRecords.sendingChunk')
    fig['on_cpu_ns_per_event'] = round(r['disturbance']['senders_on_cpu_ms_by_phase'][-1] * 1e6 / ph['count'], 1)
    fig['send_path_compilations_in_timed_phase'] = [x[4] for x in csv.reader(open(d + '/jvm-events.csv'))
        if x[0] == 'jit-compilation' and 'tier 4' in x[4] and any(p in x[4] for p in path) and start <= int(x[2]) <= end]
print(json.dumps(fig))
PY
}
for round in $(seq 1 "$rounds"); do
  for e in $engines; do
    if [ $e = siddhi ]; then q="from StockStream select id, symbol, price, volume insert into OutputStream;"
    else q="insert into OutputStream select id, symbol, price, volume from StockStream"; fi
    workload $e "$q" "" > "$out/$e.yaml"
    workload $e "$q" ", records: false, timing: sampled" > "$out/$e-capacity.yaml"
    echo "# round $round $e, $(cut -d' ' -f1-3 /proc/loadavg) load"
    java -Xmx4g -cp "$cp" dev.evperf.cli.BareLoop $e "$events" "$warm"
    "$here/evperf" run "$out/$e.yaml" --out "$out/$e-records-$round" > /dev/null 2>&1; figures "$out/$e-records-$round"
    "$here/evperf" run "$out/$e-capacity.yaml" --out "$out/$e-capacity-$round" > /dev/null 2>&1; figures "$out/$e-capacity-$round"
  done
done
