/**
 * The company's bank account section (issue 27) when GET /api/payments/bank-account fails: one
 * error message, no loop. The harness is the corporate profile's (secondFactorProfile.test.tsx).
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { BankAccountSection } from '../../src-backoffice/corporate/funding/BankAccountSection';

type Handler = (request: Request) => unknown;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API by 'METHOD /path' (a [status, body] pair or a body), recording the JSON bodies sent. */
function fakeApi(routes: Record<string, Handler>) {
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

function renderWith(api: ReturnType<typeof fakeApi>, ui: React.ReactElement) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'corporate', client, i18n: i18nProvider.i18n });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
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

describe("the company's bank account section when its call fails", () => {
  it('says it could not be loaded, once: the summary is not mounted again and again (no refetch loop)', async () => {
    const api = fakeApi({});
    renderWith(api, <BankAccountSection />);
    expect(
      await screen.findByText('The bank account could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
    // Before the fix, each mount of the summary refetched the failed call and unmounted itself:
    // hundreds of calls in a second and "Maximum update depth exceeded".
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(api.bodies('GET /api/payments/bank-account').length).toBeLessThanOrEqual(2);
    expect(screen.getByRole('heading', { name: 'Bank account for withdrawals' })).toBeInTheDocument();
  });
});
