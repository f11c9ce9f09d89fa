#!/usr/bin/env bash
# The bare-loop check in steady state, as BareLoopCheckTest does it, at any size (docs/benchmarks.md, issue 9):
# for ENGINE, in fresh JVMs run interleaved ROUNDS times (bare loop, trial with every record, trial in capacity
# mode), WARM untimed events then EVENTS timed; prints each JVM's time on a CPU per timed event (the bare loop's
# own line; for a trial result.json's disturbance.senders_on_cpu_ms_by_phase[1] / EVENTS) and, for a trial, the
# tier-4 compilations of the send path that ended in the timed phase (jvm-events.csv): with any, not a steady state.
# Usage: scripts/bare-loop-steady.sh ENGINE [ROUNDS] [WARM] [EVENTS] [OUT_DIR]   (WARM and EVENTS: multiples of 32768)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
e=$1; rounds=${2:-2}; warm=${3:-4194304}; events=${4:-1048576}; out=${5:-/tmp/bare-loop-steady}
"$here/evperf" --help > /dev/null   # builds the CLI when its sources changed
cp="$here/evperf-cli/target/evperf-cli.jar:$here/evperf-cli/target/lib/*"
rm -rf "$out"; mkdir -p "$out"
if [ "$e" = siddhi ]; then q="from StockStream select id, symbol, price, volume insert into OutputStream;"
else q="insert into OutputStream select id, symbol, price, volume from StockStream"; fi
for m in records capacity; do
  extra=""; [ $m = capacity ] && extra=", records: false, timing: sampled"
  cat > "$out/$m.yaml" <<YAML
name: steady-$e
streams:
  StockStream:
    fields: {id: long, symbol: string, price: float, volume: long}
    sequence: id
data:
  StockStream: {pool: 1000, seed: 1}
engine:
  name: $e
  queries: |
    $q
  outputs:
    OutputStream: {sequence: id}
load:
  phases: [{name: warm-up, max: {count: $warm}}, {name: timed, max: {count: $events}}]
measure: {live: false, sensors: {enabled: false}$extra}
trial: {jvm: [-Xmx2g]}
YAML
done
figures() { python3 - "$1" <<'PY'
import csv, json, sys
d = sys.argv[1] + '/trials/t001'
r = json.load(open(d + '/result.json'))
ph = r['phases'][1]; end = r['run_ns']; start = end - ph['count'] * 1e9 / ph['achieved_rate']
path = ('io.siddhi.', 'com.espertech.', 'dev.evperf.siddhi.', 'dev.evperf.esper.', 'Driver.send', 'OutputRecords$',
        'OutputRecords.record', 'OutputRecords.sendingChunk')
jit = [x[4] for x in csv.reader(open(d + '/jvm-events.csv')) if x[0] == 'jit-compilation' and 'tier 4' in x[4]
       and any(p in x[4] for p in path) and start <= int(x[2]) <= end]
print(json.dumps({'trial': sys.argv[1], 'on_cpu_ns_per_event': round(r['disturbance']['senders_on_cpu_ms_by_phase'][1] * 1e6 / ph['count'], 1),
                  'wall_ns_per_event': round(1e9 / ph['achieved_rate'], 1), 'send_path_compilations_in_timed_phase': jit,
                  'harness_waits': r.get('harness_waits')}))
PY
}
for round in $(seq 1 "$rounds"); do
  echo "# round $round $e, $(cut -d' ' -f1-3 /proc/loadavg) load"
  java -Xmx2g -cp "$cp" dev.evperf.cli.BareLoop "$e" "$events" "$warm"
  for m in records capacity; do
    "$here/evperf" run "$out/$m.yaml" --out "$out/$m-$round" > /dev/null 2>&1; figures "$out/$m-$round"
  done
done
