#!/usr/bin/env bash
# `npm run bench:all [runs]`: every benchmark of issue 16 side by side in one run on a quiet machine,
# each measured `runs` times (3 by default): the sizes, the start, investing and listing beside
# pgbench, and mobile Lighthouse. It builds first. Each bench's whole output is kept in
# reports/bench-<time>/<bench>-<n>.txt; the figure lines are printed as they come. Not part of
# `npm test` (speed is measured here, never asserted there). Takes about 25 minutes with 3 runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-3}"
out="reports/bench-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
echo "== bench:all, $runs runs each, outputs in $out; $(nproc) cores, node $(node -v), $(uptime)"

NODE_ENV=production npm run -s build > "$out/build.txt" 2>&1

bench() { # name, run number, command...: runs it, keeps its output, prints its figure lines
  local name="$1" n="$2"
  shift 2
  echo "-- $name #$n (load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$@" > "$out/$name-$n.txt" 2>&1 || { echo "   FAILED: see $out/$name-$n.txt"; return 0; }
  grep -E "initial|first screen|cold|warm|API|pgbench|ratio|violations|event loop|performance|LCP|CLS|TBT|bytes|median" \
    "$out/$name-$n.txt" | sed 's/^/   /' | head -60
}

bench size 1 npm run -s bench:size
bench start 1 npm run -s bench:start -- --runs "$runs"
for n in $(seq 1 "$runs"); do bench invest "$n" npm run -s bench:invest -- 10; done
for n in $(seq 1 "$runs"); do BENCH_EXPLAIN=0 bench ventures-100k "$n" npm run -s bench:ventures -- 5 100000; done
BENCH_EXPLAIN=0 bench ventures-1m 1 npm run -s bench:ventures -- 5 1000000
bench lighthouse 1 npm run -s bench:lighthouse -- --runs "$runs"
echo "== bench:all done: $out"
