// Size budgets (issue 16, point 1): the initial JavaScript of each web entry (the entry script and
// its modulepreloads, each gzipped as a browser downloads it) must stay under its ceiling. The e2e
// project's global setup builds dist/web once; this test only reads it.
//
// CEILINGS were first the sizes measured when the test was written (25 Nov 2026: public 229.7 KiB,
// back office 457.2 KiB gzip, ceilings 235 and 460). Issue 16 point 1 brought them to 189.9 KiB
// (public) and 304.0 KiB (back office); the ceilings are now those figures plus about 2 KiB, so that
// any real growth fails. Issues 25 and 26 (26 Nov 2026) grew them to 195.6 and 312.6 KiB, 19.5 KiB of
// it the English error table (src-shared/errors.ts, about 60 new codes); the ceilings are those plus
// about 2.4 KiB. Issue 31 (27 Nov 2026) brought them to 178.3 and 319.1 KiB (the error table, MUI's
// CSS-variables theme code, and barrel-reached modules out of the first loads: decisions 0216-0218).
// The back office is under issue 16's goal (350); the public site is not (150): React DOM, React
// Router's data router, i18next, TanStack Query and MUI's core are about 165 KiB of it (decision 0219,
// docs/benchmarks.md "Size budgets"). Lower a ceiling whenever a change shrinks an entry.
// `npm run bench:size` shows what an entry's initial load is made of, and each page's first screen.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, initialFiles, initialGzip } from '../bench/bundle-size-lib.mjs';

const KiB = 1024;

/** Current ceilings, initial JS gzip. */
const CEILINGS: Record<string, number> = {
  // Issue 31 (2026-11-27): public 198.0 -> 178.3, back office 331.6 -> 319.1 (decisions 0216-0218);
  // the ceilings are those plus about 2.5 KiB.
  'index.html': 181 * KiB,
  'backoffice.html': 322 * KiB,
};

/** Issue 16's goals (stretch: public 120 KiB, back office 250 KiB). */
const GOALS: Record<string, number> = {
  'index.html': 150 * KiB,
  'backoffice.html': 350 * KiB,
};

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

describe('bundle size', () => {
  it.each(Object.keys(CEILINGS))('%s: initial JS (gzip) within its ceiling', (entry) => {
    expect(existsSync(join(DIST, entry)), `${entry} is built`).toBe(true);
    const files = initialFiles(entry);
    expect(files.length).toBeGreaterThan(0);
    const gzip = initialGzip(entry);
    const ceiling = CEILINGS[entry] ?? 0;
    const goal = GOALS[entry] ?? 0;
    console.log(
      `${entry}: ${kib(gzip)} gzip in ${files.length} files; ceiling ${kib(ceiling)}, issue 16's goal ${kib(goal)}`,
    );
    expect(gzip, `${entry}'s initial JS (gzip) grew past its ceiling of ${kib(ceiling)}`).toBeLessThanOrEqual(
      ceiling,
    );
  });
});
