/**
 * Totals of the public venture list, kept for a short time per filter set.
 *
 * The rows of a page come from an index in well under a millisecond, but an exact count(*) over
 * tens of thousands of matching ventures costs 3 to 35 ms and dominated the list's latency under
 * load (tests/bench/ventures-list.ts). Page and sort order do not change the total, so one count
 * serves every page and order of a filter set. A total may lag a change made on another server
 * instance by at most `ttlMs`; a change made through this instance clears the cache at once.
 */
export class CountCache {
  private readonly entries = new Map<string, { expiresAt: number; total: Promise<number> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The cached total for `key`, or `count()` once for every concurrent caller of the same key. */
  get(key: string, nowMs: number, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > nowMs) {
      // Map order is insertion order: re-inserting keeps the most recently used entries last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.total;
    }
    const total = count();
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: nowMs + this.ttlMs, total });
    // A failed count is not remembered.
    total.catch(() => {
      if (this.entries.get(key)?.total === total) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return total;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** How long a total of the public list may lag a change made on another server instance. */
export const PUBLIC_TOTALS_TTL_MS = 30_000;
const perApp = new WeakMap<object, CountCache>();

/** The public list's totals of one app (keyed by its context, so apps in one process share nothing). */
export function publicTotals(ctx: object): CountCache {
  let cache = perApp.get(ctx);
  if (!cache) {
    cache = new CountCache(PUBLIC_TOTALS_TTL_MS);
    perApp.set(ctx, cache);
  }
  return cache;
}
