import type { Theme } from '@mui/material/styles';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { RootOptions } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { LanguageCode } from '../src-shared/constants/enums';
import { withAssumedViewport, type SsrState } from './ssrShared';

/**
 * The browser's side of a page rendered on the server (decisions 0220, 0224), loaded by main.tsx
 * only when the page holds the server's state (`#ssr-state`), so the shell's first load does not
 * carry it.
 */
export interface Hydration {
  /** The theme whose media queries answer as the server assumed while the page hydrates. */
  theme(base: Theme): Theme;
  onRecoverableError: NonNullable<RootOptions['onRecoverableError']>;
}

/**
 * Reads and removes the state; when the page was rendered in `language`, puts its queries into
 * `queryClient` (TanStack's `hydrate`, what HydrationBoundary does for a fresh cache) and loads the
 * lazy modules of the routes the location matches into the route objects, so the router starts
 * initialised and its first render is the page the server rendered (React Router's documented way
 * for lazy routes). Undefined when the page must be rendered anew in the browser.
 */
export async function prepareHydration(
  element: HTMLElement,
  language: LanguageCode,
  routes: RouteObject[],
  queryClient: QueryClient,
): Promise<Hydration | undefined> {
  element.remove();
  let state: SsrState;
  try {
    state = JSON.parse(element.textContent ?? '') as SsrState;
  } catch (error) {
    console.error('The server-rendered state could not be read; rendering in the browser', error);
    return undefined;
  }
  // A language kept only in local storage differs from the cookie's: the page is rendered anew.
  if (state.language !== language) return undefined;
  hydrate(queryClient, state.queries);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return {
    theme: (base) => withAssumedViewport(base, state.phone),
    // Hydration problems are defects (decision 0224): logged as errors, which the browser test fails on.
    onRecoverableError: (error, info) =>
      console.error(
        'Hydration error (React rendered the page again in the browser):',
        error,
        info.componentStack,
      ),
  };
}
