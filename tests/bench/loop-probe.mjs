/**
 * Loaded into the server by the API benches (`node --import ./tests/bench/loop-probe.mjs`): the event
 * loop's delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution) and the garbage collector's pauses
 * (PerformanceObserver 'gc'). SIGUSR2 writes what was seen since the last SIGUSR2 to the file named by
 * BENCH_PROBE_FILE (JSON) and starts again, so a bench can bracket its measured run. Not used by the
 * server itself.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ ms: entry.duration, kind: entry.detail?.kind ?? 0 });
  });
  observer.observe({ entryTypes: ['gc'] });
  let since = performance.now();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const sorted = pauses.map((p) => p.ms).sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    // kind: 1 minor (scavenge), 2 major (mark-sweep-compact), 4 incremental marking, 8 weak callbacks
    const byKind = {};
    for (const p of pauses) {
      const k = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak' }[p.kind] ?? String(p.kind);
      byKind[k] = byKind[k] ?? { count: 0, ms: 0, maxMs: 0 };
      byKind[k].count += 1;
      byKind[k].ms += p.ms;
      byKind[k].maxMs = Math.max(byKind[k].maxMs, p.ms);
    }
    const now = performance.now();
    writeFileSync(
      file,
      JSON.stringify({
        seconds: (now - since) / 1000,
        loop: {
          p50: ms(loop.percentile(50)),
          p99: ms(loop.percentile(99)),
          p999: ms(loop.percentile(99.9)),
          max: ms(loop.max),
          mean: ms(loop.mean),
        },
        gc: {
          count: sorted.length,
          ms: sorted.reduce((a, b) => a + b, 0),
          p99: at(0.99),
          max: at(1),
          byKind,
        },
      }),
    );
    loop.reset();
    pauses = [];
    since = now;
  });
}
