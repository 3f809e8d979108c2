import { matchRoutes, type RouteObject } from 'react-router-dom';
import { SSR_STATE_ID, type SsrState } from './ssrShared';

/**
 * The state a page rendered on the server embeds (entry-server.tsx), or undefined for the plain
 * shell (the investor area, a signed-in visitor, development). Read once: the element is removed.
 */
export function takeSsrState(): SsrState | undefined {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch (error) {
    console.error('The server-rendered state could not be read; rendering in the browser', error);
    return undefined;
  }
}

/**
 * Loads the lazy modules of the routes the location matches and puts them into the route objects,
 * so the router starts initialised and its first render is the page the server rendered (not the
 * hydrate fallback). React Router's documented way for lazy routes and hydration.
 */
export async function resolveLazyMatches(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Hydration problems are defects (decision 0224): logged as errors, which the browser tests fail on. */
export function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  console.error('Hydration error (React recovered by rendering in the browser):', error, info.componentStack);
}
