/**
 * Venture pictures are stored as one JPEG (`/uploads/ventures/{id}/{name}.jpg`) and, beside it, WebP
 * copies at these widths (`{name}-480w.webp`, ...): the server writes them when a picture is
 * uploaded or seeded, and makes a missing one on its first request (pictures stored before the
 * copies existed); the web entries offer them in a `srcset`. A copy is never wider than its JPEG.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** How wide a card's cover is drawn: the ventures grid's columns (xs 12, sm 6, md 4 of a 1200 px page). */
export const CARD_IMAGE_SIZES =
  '(min-width: 1200px) 370px, (min-width: 900px) 31vw, (min-width: 600px) 47vw, 92vw';
/** The venture page's picture: 7 of 12 columns from md (the server preloads it with these sizes). */
export const DETAIL_IMAGE_SIZES = '(min-width: 1200px) 660px, (min-width: 900px) 56vw, 92vw';

/** `/uploads/ventures/{id}/{name}.jpg` and nothing else has copies (not the fallback picture). */
const WITH_VARIANTS = /^\/uploads\/ventures\/[^/]+\/[^/]+\.jpg$/;

export function hasImageVariants(path: string): boolean {
  return WITH_VARIANTS.test(path);
}

/** The WebP copy of a stored JPEG at one width: `/uploads/ventures/v/a.jpg` -> `.../a-480w.webp`. */
export function imageVariantPath(path: string, width: ImageVariantWidth): string {
  return path.replace(/\.jpg$/, `-${width}w.webp`);
}

/** A `srcset` of the WebP copies of a stored JPEG, or undefined when it has none. */
export function imageVariantSrcSet(path: string): string | undefined {
  if (!hasImageVariants(path)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(path, width)} ${width}w`).join(', ');
}

/** Parses a copy's file name (`a-480w.webp`) into its JPEG's name and width, or null. */
export function parseImageVariantName(name: string): { source: string; width: ImageVariantWidth } | null {
  const match = /^([A-Za-z0-9_-]+)-(\d+)w\.webp$/.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { source: `${match[1]}.jpg`, width: width as ImageVariantWidth };
}
