/** Venture images are relative paths on the app's own origin (api-contract, "Ventures"). */
export const VENTURE_FALLBACK_IMAGE = '/images/venture-fallback.svg';

export function ventureImageUrl(images: readonly string[] | undefined | null): string {
  const first = images?.find((path) => typeof path === 'string' && path.length > 0);
  if (!first) return VENTURE_FALLBACK_IMAGE;
  if (/^(https?:)?\/\//i.test(first)) return VENTURE_FALLBACK_IMAGE; // never load foreign hosts (CSP)
  return first.startsWith('/') ? first : `/${first}`;
}
