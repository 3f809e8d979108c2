import sharp from 'sharp';

/** A small deterministic pseudo-random generator, so the demo pictures are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#f9d976', '#f39f86', '#2d6a4f', '#1b4332', '#d8a657'],
  ['#a1c4fd', '#c2e9fb', '#386641', '#6a994e', '#bc4749'],
  ['#ffecd2', '#fcb69f', '#7f5539', '#9c6644', '#2a9d8f'],
  ['#84fab0', '#8fd3f4', '#264653', '#2a9d8f', '#e9c46a'],
  ['#fddb92', '#d1fdff', '#5f0f40', '#9a031e', '#fb8b24'],
  ['#e0c3fc', '#8ec5fc', '#283618', '#606c38', '#dda15e'],
];

/**
 * Draws a 16:9 landscape (sky, sun, hills, fields and buildings) as a JPEG: a real picture for the
 * demo ventures, different for every seed, with no text (so it needs no fonts).
 */
export async function drawDemoImage(seed: number, width = 1280, height = 720): Promise<Buffer> {
  const rand = mulberry32(seed);
  const p = PALETTES[seed % PALETTES.length]!;
  const [sky1, sky2, hill1, hill2, accent] = p as [string, string, string, string, string];
  const sunX = Math.round(width * (0.15 + rand() * 0.7));
  const sunY = Math.round(height * (0.15 + rand() * 0.25));
  const hills = Array.from({ length: 3 }, (_, i) => {
    const base = height * (0.55 + i * 0.12);
    const points = Array.from({ length: 7 }, (_, k) => {
      const x = (width / 6) * k;
      const y = base - rand() * height * 0.18;
      return `${x.toFixed(0)},${y.toFixed(0)}`;
    });
    const color = i % 2 === 0 ? hill1 : hill2;
    return `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="${color}" opacity="${0.65 + i * 0.15}"/>`;
  }).join('');
  const buildings = Array.from({ length: 5 + Math.floor(rand() * 6) }, () => {
    const w = 40 + rand() * 90;
    const h = 60 + rand() * 180;
    const x = rand() * (width - w);
    const y = height * 0.8 - h;
    const windows = Array.from(
      { length: Math.floor(h / 30) },
      (_, r) =>
        `<rect x="${(x + 8).toFixed(0)}" y="${(y + 10 + r * 28).toFixed(0)}" width="${(w - 16).toFixed(0)}" height="10" fill="${sky1}" opacity="0.55"/>`,
    ).join('');
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${accent}" opacity="0.9"/>${windows}`;
  }).join('');
  const rows = Array.from({ length: 8 }, (_, i) => {
    const y = height * 0.82 + i * (height * 0.025);
    return `<line x1="0" y1="${y.toFixed(0)}" x2="${width}" y2="${(y + 20).toFixed(0)}" stroke="${hill2}" stroke-width="6" opacity="0.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky2}"/><stop offset="1" stop-color="${sky1}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${(60 + rand() * 40).toFixed(0)}" fill="#fff7c2" opacity="0.9"/>
  ${hills}${buildings}
  <rect y="${(height * 0.8).toFixed(0)}" width="${width}" height="${(height * 0.2).toFixed(0)}" fill="${hill1}"/>
  ${rows}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}
