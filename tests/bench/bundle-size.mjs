// `npm run bench:size`: per web entry of the production build in dist/web (run `npm run build:web`
// first), the initial JavaScript (the entry script and its modulepreloads) and the total it can
// reach (lazy chunks included), raw, gzip and Brotli; then the 12 largest packages and files of the
// initial load, from the sourcemaps: minified characters attributed to each source, and an estimate of
// their gzip bytes (gzipPerModule in bundle-size-lib.mjs; the gzip column adds up to the initial gzip).
import {
  ENTRIES,
  FIRST_SCREENS,
  firstScreenFiles,
  initialFiles,
  gzipPerModule,
  largestModules,
  reachableFiles,
  sizes,
} from './bundle-size-lib.mjs';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const row = (label, size) =>
  `  ${label.padEnd(8)} ${String(size.files).padStart(3)} files  ${kib(size.raw).padStart(11)} raw  ${kib(size.gzip).padStart(10)} gzip  ${kib(size.brotli).padStart(10)} brotli`;

for (const entry of ENTRIES) {
  const initial = initialFiles(entry);
  const initialSize = sizes(initial);
  console.log(entry);
  console.log(row('initial', initialSize));
  console.log(row('total', sizes(reachableFiles(entry))));
  const modules = largestModules(initial, undefined, Infinity);
  const minified = new Map(modules.map(({ name, bytes }) => [name, bytes]));
  console.log('  largest in the initial load (minified; gzip estimated, share of the initial gzip):');
  for (const { name, bytes } of gzipPerModule(initial).slice(0, 12)) {
    console.log(
      `    ${kib(minified.get(name) ?? 0).padStart(10)} min  ${kib(bytes).padStart(9)} gzip  ${((100 * bytes) / initialSize.gzip).toFixed(1).padStart(5)}%  ${name}`,
    );
  }
  console.log('');
}

// What a page downloads before it paints: the initial files and the lazy module of its screen (the
// back office's main.tsx awaits the app of its path; the catalogs, a few KiB, are left out).
console.log('first screens (initial JS + the lazy chunks that paint the page, JSON catalogs aside):');
for (const { path, entry, sources } of FIRST_SCREENS) {
  const size = sizes(firstScreenFiles(entry, sources), undefined, { brotli: false });
  console.log(
    `  ${path.padEnd(11)} ${String(size.files).padStart(3)} files  ${kib(size.gzip).padStart(10)} gzip`,
  );
}
