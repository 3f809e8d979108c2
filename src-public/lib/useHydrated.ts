import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page rendered on the server (decision 0220) is being hydrated, true from then on,
 * and true at once for a page rendered in the browser only: React renders the hydration with the
 * server's snapshot (false, matching the HTML) and then again with the browser's (true).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
