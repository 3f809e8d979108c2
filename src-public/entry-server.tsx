// The public pages rendered on the server (decisions 0220-0222). Built for Node by `npm run
// build:web` (vite.ssr.config.ts, into dist/server-web) and called by src-server/plugins/ssr.ts.
import '../src-shared/zodConfig';
import { PassThrough } from 'node:stream';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { createApiClient, type ApiClient } from '../src-shared/api/http';
import type { LanguageCode } from '../src-shared/constants/enums';
import { createI18n, loadResources } from '../src-shared/i18n';
import { theme } from '../src-shared/theme';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { serializeForScript, SSR_STATE_ID, withAssumedViewport, type SsrState } from './ssrShared';
import { statisticsQuery } from './statistics/api';
import { ventureListQuery, ventureQuery, ventureTeaserQuery } from './ventures/api';
import { filtersFromSearchParams } from './ventures/filters';

export interface RenderInput {
  /** The path and query string asked for. */
  url: string;
  language: LanguageCode;
  /** The assumed viewport for media queries (a phone's User-Agent). */
  phone: boolean;
  /** Answers the page's API calls (the server passes Fastify's `inject`: no network). */
  fetch: (request: Request) => Promise<Response>;
}

export interface RenderOutput {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** `<style>` elements for the head: the CSS of exactly what was rendered. */
  head: string;
  /** The `<script type="application/json">` holding the state the browser hydrates from. */
  state: string;
}

/**
 * The pages rendered on the server, each with the data it shows (its queries, with the keys and
 * the shapes of the browser's hooks): the page paths of routes.tsx. Every other path (the investor
 * area, redirects, forms behind a link's token) gets the plain shell and renders in the browser.
 */
type Prefetch = (
  client: ApiClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => object[];
const SSR_PAGES: { path: string; data: Prefetch }[] = [
  { path: '/', data: (client) => [ventureTeaserQuery(client)] },
  {
    path: '/ventures',
    data: (client, _, search) => [ventureListQuery(filtersFromSearchParams(search), client)],
  },
  { path: '/ventures/:ventureId', data: (client, { ventureId }) => [ventureQuery(ventureId ?? '', client)] },
  { path: '/statistics', data: (client) => [statisticsQuery(client)] },
  { path: '/help', data: () => [] },
  { path: '/about-us', data: () => [] },
  { path: '/how-to-invest', data: () => [] },
  { path: '/login', data: () => [] },
  { path: '/register', data: () => [] },
];
const SSR_ROUTES = SSR_PAGES.map(({ path }) => ({ path }));

/** The page for a path, or undefined when the path is rendered in the browser only. */
export function ssrPageFor(pathname: string) {
  const match = matchRoutes(SSR_ROUTES, pathname)?.[0];
  if (!match) return undefined;
  const page = SSR_PAGES.find(({ path }) => path === match.route.path)!;
  return { page, params: match.params };
}

const handler = createStaticHandler(routes);

/**
 * Renders one page: its data first (through `input.fetch`), then the React tree with React Router's
 * static router, collected whole (`onAllReady`: lazy parts included, no streaming scripts), with
 * the emotion styles it used. Null when the page is not rendered on the server, when its data did
 * not load (a missing venture, a failure), or when the router answers a redirect: the caller then
 * sends the plain shell.
 */
export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const url = new URL(input.url, 'http://localhost');
  const found = ssrPageFor(url.pathname);
  if (!found) return null;

  const client = createApiClient({ baseUrl: 'http://localhost', fetch: input.fetch });
  const queryClient = createQueryClient();
  const queries = found.page.data(client, found.params, url.searchParams) as Parameters<
    QueryClient['prefetchQuery']
  >[0][];
  const [resources] = await Promise.all([
    loadResources(input.language, ['common', 'errors']),
    ...queries.map((query) => queryClient.prefetchQuery(query)),
  ]);
  // A query that failed would render its error state, which the browser (fetching again) would not.
  if (queries.some((query) => queryClient.getQueryState(query.queryKey)?.status !== 'success')) return null;

  const context = await handler.query(new Request(url.href));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const i18n = createI18n(input.language, 'common', resources);
  const cache = createCache({ key: 'css' });
  // Styles go to cache.inserted instead of inline <style> elements beside each component.
  cache.compat = true;
  const ssrTheme = withAssumedViewport(theme, input.phone);

  const html = await renderWhole(
    <CacheProvider value={cache}>
      <ThemeProvider theme={ssrTheme}>
        <CssBaseline />
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </I18nextProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
  const state: SsrState = { language: input.language, queries: dehydrate(queryClient), phone: input.phone };
  queryClient.clear();
  return { html, head: styleTags(cache, html), state: stateScript(state) };
}

function stateScript(state: SsrState): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${serializeForScript(state)}</script>`;
}

/** renderToPipeableStream, collected into one string once everything is ready (decision 0221). */
function renderWhole(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        if (failed) return reject(failed instanceof Error ? failed : new Error(String(failed)));
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError: reject,
      // An error inside a Suspense boundary would leave it to the browser: a page that is not whole
      // is not sent (the shell is).
      onError(error) {
        failed ??= error;
      },
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), 5_000).unref();
  });
}

/**
 * The `<style>` elements of what was rendered, as @emotion/server's extractCriticalToChunks and
 * constructStyleTagsFromChunks write them: each global style in its own element, the others in
 * one whose `data-emotion` names them, which emotion's cache in the browser adopts instead of
 * inserting them again.
 */
function styleTags(cache: EmotionCache, html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g'))) used.add(match[1]!);
  const tags: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, style] of Object.entries(cache.inserted)) {
    if (typeof style !== 'string') continue;
    const registered = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (!registered) {
      tags.push(`<style data-emotion="${cache.key}-global ${id}">${style}</style>`);
    } else if (used.has(id)) {
      ids.push(id);
      css += style;
    }
  }
  tags.push(`<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`);
  return tags.join('');
}

export { SSR_STATE_ID };
