#!/usr/bin/env python3
"""The bare-loop check's verdict (scripts/bare-loop-check.sh writes the figures): per engine and round, the ratios
every record / (bare + 2 clock reads) and capacity / bare of the time on a CPU per event, and the GC pauses while
sending; their median over the rounds with a distribution-free interval for it: the k-th smallest and k-th largest
per-round ratio, k the largest with a binomial coverage 1 - 2 P(Bin(n, 1/2) < k) of at least 95 % (stated as
achieved; with fewer than 6 rounds the whole range, whose coverage is below 95 %); the GC pauses' medians,
within 2x of the bare loop's or not. The rounds are taken as
independent: each ratio's two sides ran in fresh JVMs a minute apart at most, order rotated.
Usage: ratio_interval.py figures.jsonl"""
import json, sys
from math import comb
from statistics import median


def interval(xs, level=0.95):
    xs = sorted(xs); n = len(xs)
    def coverage(k): return 1 - 2 * sum(comb(n, i) for i in range(k)) / 2 ** n
    k = 1
    while k + 1 <= n // 2 and coverage(k + 1) >= level: k += 1
    return xs[k - 1], xs[n - k], coverage(k)


def verdict(lo, hi, bound=0.10):
    return 'within 10 %' if 1 - bound <= lo and hi <= 1 + bound else 'NOT shown within 10 %'


rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{')]
for engine in dict.fromkeys(r['engine'] for r in rows):
    by = {}
    for r in rows:
        if r['engine'] == engine: by.setdefault(r['round'], {})[r['kind']] = r
    # The kinds this run measured (KINDS of bare-loop-check.sh), in their usual order.
    kinds = [x for x in ('bare', 'records', 'capacity') if any(x in by[k] for k in by)]
    rounds = [k for k in sorted(by) if len(by[k]) == len(kinds) and all(by[k][x].get('on_cpu_ns_per_event') for x in by[k])]
    ratios = []
    if 'records' in kinds:
        ratios.append(('every record / (bare + 2 clock reads)',
                       [by[k]['records']['on_cpu_ns_per_event'] / (by[k]['bare']['on_cpu_ns_per_event'] + 2 * by[k]['bare']['nanotime_ns'])
                        for k in rounds]))
    if 'capacity' in kinds:
        ratios.append(('capacity / bare', [by[k]['capacity']['on_cpu_ns_per_event'] / by[k]['bare']['on_cpu_ns_per_event'] for k in rounds]))
    print(f'{engine}: {len(rounds)} rounds')
    for kind in kinds:
        cpu = [by[k][kind]['on_cpu_ns_per_event'] for k in rounds]
        gc = [by[k][kind]['gc_pause_ms'] for k in rounds]
        comp = [by[k][kind].get('send_path_compilations', 0) for k in rounds]
        print(f'  {kind:9} on a CPU ns/event median {median(cpu):.1f} (range {min(cpu):.1f}-{max(cpu):.1f}); GC pauses while'
              f' sending median {median(gc):.1f} ms (max {max(gc):.1f}); rounds with send-path compilations in the timed'
              f' phase: {sum(1 for c in comp if c)}')
    clock = [by[k]['bare']['nanotime_ns'] for k in rounds]
    print(f'  clock read median {median(clock):.1f} ns')
    for name, xs in ratios:
        lo, hi, c = interval(xs)
        print(f'  {name}: median {median(xs):.3f}, {100 * c:.1f} % interval [{lo:.3f}, {hi:.3f}]: {verdict(lo, hi)}'
              f' (per round: {", ".join(f"{x:.3f}" for x in xs)})')
    for kind in kinds[1:]:
        # Medians: on a busy machine one preempted GC thread can make a single pause of a second (seen in a bare loop).
        t = median(by[k][kind]['gc_pause_ms'] for k in rounds); b = median(by[k]['bare']['gc_pause_ms'] for k in rounds)
        print(f'  GC pauses while sending, median {kind} / median bare: {t:.1f} / {b:.1f} ms'
              f' ({"within" if t <= 2 * b else "NOT within"} 2x)')
