/** When a lazy route's module cannot be fetched (usually after a new deployment replaced the hashed
 * chunks), the page reloads once to pick up the new build. A timestamp in session storage keeps a
 * permanently broken chunk from causing a reload loop. */
export const CHUNK_RELOAD_KEY = 'afrivest:chunk-reload-at';
const RELOAD_WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    error.message.includes('Failed to fetch dynamically imported module') ||
    error.message.includes('Importing a module script failed') ||
    error.message.includes('error loading dynamically imported module')
  );
}

/** True when no chunk-triggered reload happened in the last minute of this tab's session. */
export function mayReloadForChunkError(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return !Number.isFinite(last) || last <= 0 || now - last > RELOAD_WINDOW_MS;
  } catch {
    return false; // without storage there is no loop guard, so never reload automatically
  }
}

export function markChunkReload(now = Date.now()): void {
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // ignored: mayReloadForChunkError already refuses without storage
  }
}
