import { resources } from '../../src-shared/i18n/catalogs';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import type { LanguageCode } from '../../src-shared/constants/enums';
import { routes } from '../../src-public/routes';
import { api } from '../../src-shared/api/http';

export interface ApiCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Headers;
  /** The multipart body of a FormData request. */
  form?: FormData;
}

export type Handler = unknown | ((call: ApiCall) => unknown);

/** The client's own POST (mockApi wraps it; a second mockApi in one test must not wrap the wrapper). */
const originalPost = api.POST.bind(api);

/**
 * Makes every max-width media query match, as on a 390 px phone (jsdom has no matchMedia); the
 * setup's afterEach removes it again.
 */
export { stubPhoneWidth } from '../support/phoneWidth';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` with a table of `'METHOD /api/path'` handlers. A handler is a JSON body (200), a
 * Response, or a function of the call returning either. Unknown calls answer 404. The client
 * (openapi-fetch) calls `fetch` with one `Request`: its method, URL, headers and body are read here.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const calls: ApiCall[] = [];
  // jsdom's File does not survive Node's Request (its name and bytes are lost, in tests only), so a
  // multipart call's fields are taken from the FormData the screen handed to the client.
  const forms: FormData[] = [];
  vi.spyOn(api, 'POST').mockImplementation(((path: never, init?: { body?: unknown }) => {
    if (init?.body instanceof FormData) forms.push(init.body);
    return originalPost(path, init as never);
  }) as unknown as typeof api.POST);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const address = new URL(request.url);
    const url = `${address.pathname}${address.search}`;
    const method = request.method.toUpperCase();
    const path = address.pathname;
    const type = request.headers.get('Content-Type') ?? '';
    let body: unknown;
    let form: FormData | undefined;
    if (type.startsWith('multipart/form-data')) form = forms.shift() ?? (await request.formData());
    else {
      const text = await request.text();
      body = text ? (JSON.parse(text) as unknown) : undefined;
    }
    const call: ApiCall = { method, path, url, body, headers: request.headers, ...(form ? { form } : {}) };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in handlers)) return jsonResponse(404, { message: 'Not found.' });
    const handler = handlers[key];
    const result = typeof handler === 'function' ? await (handler as (c: ApiCall) => unknown)(call) : handler;
    return result instanceof Response ? result : jsonResponse(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders UI with the theme and an English (or given) i18n instance. */
export function renderWithProviders(ui: ReactElement, { language = 'en' }: { language?: LanguageCode } = {}) {
  const i18n = createI18n(language, 'common', resources);
  const queryClient = testQueryClient();
  const result = render(
    <ThemeProvider theme={theme}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>,
  );
  return { ...result, i18n, queryClient };
}

/** Renders the whole public app (real route table) at the given location. */
export function renderApp(
  entry: InitialEntry,
  { routeTable = routes, language = 'en' }: { routeTable?: RouteObject[]; language?: LanguageCode } = {},
) {
  const router = createMemoryRouter(routeTable, { initialEntries: [entry] });
  const rendered = renderWithProviders(<RouterProvider router={router} />, { language });
  return { ...rendered, router };
}

/** Renders the public app at `entry` and waits for the page's h1 `heading`. */
export async function openPage(
  entry: InitialEntry,
  heading: string,
  options?: { routeTable?: RouteObject[]; language?: LanguageCode },
) {
  const rendered = renderApp(entry, options);
  await screen.findByRole('heading', { level: 1, name: heading });
  return rendered;
}

/** Replaces a text input's value in one step (faster than typing it key by key). */
export async function fill(user: UserEvent, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}

/** Picks an option of an MUI select by the select's accessible name. */
export async function choose(user: UserEvent, label: RegExp | string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** The POST/PUT bodies sent to one API path. */
export function bodiesOf(calls: ApiCall[], method: string, path: string): unknown[] {
  return calls.filter((call) => call.method === method && call.path === path).map((call) => call.body);
}

export function setCookie(cookie: string) {
  document.cookie = cookie;
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export const sampleUser = {
  id: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+372 5555 5555',
  countryName: 'Estonia',
  city: 'Tallinn',
  address: 'Narva mnt 5',
  newsletterFrequency: 'monthly',
  transactionNotification: false,
  latestNewsNotification: true,
  role: 'user',
  isActive: true,
  createdAt: '2025-01-10T10:00:00Z',
  lastLoginAt: '2025-07-01T08:30:00Z',
} as const;

export const sampleVenture = {
  _id: 'abc',
  title: 'Nairobi Solar Microgrid',
  shortDescription: 'Solar power for 2,000 homes.',
  longDescription: 'A long description of the microgrid.',
  collateralDescription: 'Panels and batteries.',
  country: 'KE',
  ventureType: 'sme',
  riskLevel: 'medium',
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  targetAmount: 100000,
  amountFunded: 25000,
  investorCount: 14,
  expectedReturn: 12,
  investmentPeriod: 18,
  closingDate: '2099-01-01T00:00:00Z',
  collateralValue: 120000,
  loanToValue: 80,
  isConvertible: false,
  tags: ['solar', 'energy'],
  images: ['/uploads/ventures/abc/1.jpg'],
  lifecycleStatus: 'new',
  visibility: 'public',
  adminStatus: 'approved',
  goesLiveAt: '2025-06-01T00:00:00Z',
  createdAt: '2025-06-01T00:00:00Z',
} as const;

/** Loads (and transforms) the lazy page modules once, so the first test of a file does not spend
 * its time budget on module compilation. Use in `beforeAll(..., PRELOAD_TIMEOUT)`. */
export const PRELOAD_TIMEOUT = 60_000;
export async function preloadPages(...loaders: (() => Promise<unknown>)[]): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

/**
 * The hooks of a page test file: loads the given lazy pages once before its tests, clears the cookies
 * before each test, and after each one undoes fake timers, spies, stubbed globals and cookies.
 */
export function setUpPageTests(...loaders: (() => Promise<unknown>)[]) {
  beforeAll(() => preloadPages(...loaders), PRELOAD_TIMEOUT);
  beforeEach(() => clearCookies());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearCookies();
  });
}

/**
 * Marks the browser as signed in and answers the profile call with `account` and the balance call
 * with `balance`, besides the given handlers (which may replace either).
 */
export function mockSignedIn(
  handlers: Record<string, Handler> = {},
  { account = sampleUser, balance = 1500 }: { account?: object; balance?: number } = {},
) {
  setCookie('logged_in=1; path=/');
  return mockApi({
    'GET /api/profile/get': { data: account },
    'GET /api/balances/my-balance': { balance },
    ...handlers,
  });
}

/** Waits for a toast with exactly this text (an older toast may still be closing next to it). */
export function findToast(text: string | RegExp, timeout = 5000) {
  return screen.findByText(text, { selector: '.MuiAlert-message' }, { timeout });
}

/** GET /api/dashboard/investor's `data` for Ada: one investment still raising, two ledger rows, no tickets. */
export const sampleDashboard = {
  firstName: 'Ada',
  lastLoginAt: '2025-07-01T08:30:00Z',
  balance: 1200,
  activeInvestments: 1,
  expectedReturns: 36,
  profitEarned: 0,
  repaidVentures: 0,
  openTickets: 0,
  portfolio: { available: 1200, invested: 0, pending: 300, inRecovery: 0 },
  netAnnualReturn: null,
  returns: { profit: 0, lateFees: 0, badDebt: 0, serviceFees: 0 },
  investments: [
    {
      _id: 'i1',
      venture: { _id: 'abc', title: 'Nairobi Solar Microgrid' },
      amount: 300,
      profitPaid: 0,
      status: 'invested',
      totalExpectedReturn: 36,
      investmentDate: '2025-06-20T10:00:00Z',
    },
  ],
  transactions: [
    {
      note: null,
      at: '2025-06-20T10:00:00Z',
      amount: -300,
      balanceBefore: 1500,
      kind: 'investment',
      venture: { _id: 'abc', title: 'Nairobi Solar Microgrid' },
    },
    {
      note: 'Bank transfer',
      at: '2025-06-01T09:00:00Z',
      amount: 1500,
      balanceBefore: 0,
      kind: 'deposit',
      venture: null,
    },
  ],
  tickets: [],
  breakdown: {
    byCountry: [
      { key: 'KE', amount: 360, share: 54.54 },
      { key: 'NG', amount: 300, share: 45.45 },
    ],
    byRiskLevel: [
      { key: 'medium', amount: 360, share: 54.54 },
      { key: 'high', amount: 300, share: 45.45 },
    ],
    byVentureType: [{ key: 'sme', amount: 660, share: 100 }],
  },
};
