/**
 * The corporate back office's screens against a fake API, in English: `fakeApi` answers by
 * 'METHOD /path' (a [status, body] pair or a body; anything else 404) and records the JSON bodies,
 * `renderWith` renders a screen inside react-admin with the corporate dataProvider over it.
 */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';

export type Handler = (request: Request) => unknown;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API by 'METHOD /path' (a [status, body] pair or a body), recording the JSON bodies sent. */
export function fakeApi(routes: Record<string, Handler>) {
  const sent: { key: string; body: unknown }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const text = await request.clone().text();
    sent.push({ key, body: text ? (JSON.parse(text) as unknown) : undefined });
    const route = routes[key];
    if (!route) return json({ message: 'Not found.', code: 'common.not_found' }, 404);
    const answer = await route(request);
    return Array.isArray(answer) ? json(answer[1], answer[0] as number) : json(answer);
  });
  // SecondFactorSetup and SecondFactorProfile call through the shared client (global fetch).
  vi.stubGlobal('fetch', fetch);
  return { fetch, bodies: (key: string) => sent.filter((s) => s.key === key).map((s) => s.body) };
}

/** `path`: where the router starts (a screen under a <Routes> of the test's). */
export function renderWith(api: ReturnType<typeof fakeApi>, ui: React.ReactElement, path = '/') {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'corporate', client, i18n: i18nProvider.i18n });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <AdminContext
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          queryClient={queryClient}
        >
          {ui}
          <Notification />
        </AdminContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
