// What each web entry of the production build (dist/web) downloads: shared by `npm run bench:size`
// (tests/bench/bundle-size.mjs) and the size budget test (tests/e2e/bundle-size.test.ts).
//
// - initial: the entry script and its modulepreloads, as listed in the entry's HTML: what the page
//   loads before any lazy route or component;
// - total: everything the entry can reach, following static and dynamic imports between chunks;
// - modules: the initial load's minified bytes attributed to their sources through the sourcemaps
//   (assets/*.js.map), grouped by npm package for node_modules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const DIST = new URL('../../dist/web/', import.meta.url).pathname;
export const ENTRIES = ['index.html', 'backoffice.html'];

/** The entry script and its modulepreloads, e.g. `assets/index-abc.js`, in the HTML's order. */
export function initialFiles(entry, dist = DIST) {
  const html = readFileSync(join(dist, entry), 'utf8');
  return [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
}

/** Chunks a chunk imports, statically (`"./x.js"`) or through Vite's preload list (`"assets/x.js"`). */
function importedFiles(file, dist) {
  const code = readFileSync(join(dist, file), 'utf8');
  const names = [...code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g)].map((m) => m[1]);
  return names.map((name) => `assets/${name}`).filter((path) => existsSync(join(dist, path)));
}

/** Every chunk reachable from the entry's initial files. */
export function reachableFiles(entry, dist = DIST) {
  const seen = new Set(initialFiles(entry, dist));
  const queue = [...seen];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importedFiles(file, dist)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** Raw, gzip (level 9) and Brotli (quality 11) bytes of the files, each compressed on its own as served. */
export function sizes(files, dist = DIST, { brotli = true } = {}) {
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    if (brotli) {
      br += brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length;
    }
  }
  return { files: files.length, raw, gzip, brotli: brotli ? br : undefined };
}

/** The gzip size of an entry's initial JavaScript: what the size budget test checks. */
export function initialGzip(entry, dist = DIST) {
  return sizes(initialFiles(entry, dist), dist, { brotli: false }).gzip;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment of a sourcemap's `mappings` (base64 VLQ) into its numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`bad VLQ character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Minified characters of `file` per source, from `file.map`: each mapping covers up to the next one.
 * With `slices`, the minified text of each source too (its pieces joined in the file's order).
 */
export function bytesPerSource(file, dist = DIST, slices = undefined) {
  const mapPath = join(dist, `${file}.map`);
  const result = new Map();
  const code = readFileSync(join(dist, file), 'utf8');
  const keep = (name, text) => slices?.set(name, (slices.get(name) ?? '') + text);
  if (!existsSync(mapPath)) {
    result.set(`(no sourcemap) ${file}`, code.length);
    keep(`(no sourcemap) ${file}`, code);
    return result;
  }
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  const lines = code.split('\n');
  let source = 0;
  let mapped = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const segments = line === '' ? [] : line.split(',').map(decodeSegment);
    const starts = [];
    for (const values of segments) {
      column += values[0];
      if (values.length >= 4) source += values[1];
      starts.push({ column, source: values.length >= 4 ? source : undefined });
    }
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.column ?? text.length;
      if (start.source === undefined || end <= start.column) return;
      const name = map.sources[start.source] ?? '(unknown)';
      result.set(name, (result.get(name) ?? 0) + end - start.column);
      if (slices) keep(name, text.slice(start.column, end));
      mapped += end - start.column;
    });
  });
  const unmapped = code.length - mapped;
  if (unmapped > 0) {
    result.set(
      '(unmapped: runtime, wrappers)',
      (result.get('(unmapped: runtime, wrappers)') ?? 0) + unmapped,
    );
    // Not the exact characters (the gaps between mappings), but text of the same kind for gzip.
    keep('(unmapped: runtime, wrappers)', code.slice(0, unmapped));
  }
  return result;
}

/** `node_modules/@mui/material/Button/Button.js` -> `@mui/material`; our files keep their path. */
export function groupOf(source) {
  const normalized = source.replace(/\\/g, '/');
  const index = normalized.lastIndexOf('node_modules/');
  if (index >= 0) {
    const parts = normalized.slice(index + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? normalized);
  }
  return normalized.replace(/^(\.\.\/)+/, '').replace(/^\/?/, '');
}

/** The largest packages (node_modules) and our own files in the given chunks, by minified characters. */
export function largestModules(files, dist = DIST, count = 10) {
  const totals = new Map();
  for (const file of files) {
    for (const [source, bytes] of bytesPerSource(file, dist)) {
      const group = groupOf(source);
      totals.set(group, (totals.get(group) ?? 0) + bytes);
    }
  }
  return [...totals.entries()]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/**
 * The initial load's gzip bytes per package (node_modules) or own file, an estimate: in each file,
 * every group's minified text is gzipped on its own, and the file's real gzip size is shared out in
 * those proportions (so the figures add up to the files' gzip, and a group that compresses well, such
 * as a table of strings, gets a smaller share than its characters). Largest first.
 */
export function gzipPerModule(files, dist = DIST) {
  const totals = new Map();
  for (const file of files) {
    const slices = new Map();
    bytesPerSource(file, dist, slices);
    const groups = new Map();
    for (const [source, text] of slices) {
      const group = groupOf(source);
      groups.set(group, (groups.get(group) ?? '') + text);
    }
    const alone = [...groups].map(([group, text]) => [group, gzipSync(text, { level: 9 }).length]);
    const sum = alone.reduce((total, [, bytes]) => total + bytes, 0) || 1;
    const real = sizes([file], dist, { brotli: false }).gzip;
    for (const [group, bytes] of alone) totals.set(group, (totals.get(group) ?? 0) + (real * bytes) / sum);
  }
  return [...totals.entries()].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** Chunks a chunk imports statically (`import ... from "./x.js"`), not the preload lists of its lazy imports. */
function staticImports(file, dist) {
  const code = readFileSync(join(dist, file), 'utf8');
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.~-]+\.js)["']/g)]
    .map((m) => `assets/${m[1]}`)
    .filter((path) => existsSync(join(dist, path)));
}

/**
 * A path's first screen: the entry's initial files plus the lazy chunks whose sourcemaps hold one of
 * `sources` (e.g. the back office's `admin/App.tsx`, which main.tsx awaits before it renders), with
 * everything those import statically.
 */
export function firstScreenFiles(entry, sources, dist = DIST) {
  const assets = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const holds = (file) => {
    const mapPath = join(dist, `${file}.map`);
    if (!existsSync(mapPath)) return false;
    const map = JSON.parse(readFileSync(mapPath, 'utf8'));
    return map.sources.some((source) =>
      sources.some((wanted) => source.replace(/\\/g, '/').endsWith(wanted)),
    );
  };
  const seen = new Set([...initialFiles(entry, dist), ...assets.filter(holds)]);
  const queue = [...seen];
  while (queue.length > 0) {
    for (const next of staticImports(queue.shift(), dist)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** The first screens `npm run bench:size` prints: the page's lazy module that paints it. */
export const FIRST_SCREENS = [
  { path: '/', entry: 'index.html', sources: ['src-public/pages/HomePage.tsx'] },
  { path: '/login', entry: 'index.html', sources: ['src-public/auth/pages/LoginPage.tsx'] },
  { path: '/ventures', entry: 'index.html', sources: ['src-public/ventures/VenturesPage.tsx'] },
  { path: '/admin', entry: 'backoffice.html', sources: ['src-backoffice/admin/App.tsx'] },
  { path: '/corporate', entry: 'backoffice.html', sources: ['src-backoffice/corporate/App.tsx'] },
];
