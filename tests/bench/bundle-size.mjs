// Prints the initial JavaScript of each web entry (the entry script and its modulepreloads), raw and
// gzipped, from the production build in dist/web. Run `npm run build:web` first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../../dist/web/', import.meta.url).pathname;
for (const entry of ['index.html', 'backoffice.html']) {
  const html = readFileSync(join(dist, entry), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  console.log(
    `${entry.padEnd(16)} ${files.length} files  ${(raw / 1024).toFixed(1)} KiB raw  ${(gz / 1024).toFixed(1)} KiB gzip`,
  );
}
