/** Venture images are relative paths of this origin (API contract, "Images"). */
export function ventureImageUrl(path: unknown): string | null {
  if (typeof path !== 'string' || path.trim() === '') return null;
  if (/^[a-z]+:/i.test(path) || path.startsWith('//')) return null; // never an external URL (CSP)
  return `/${path.replace(/^\/+/, '')}`;
}
