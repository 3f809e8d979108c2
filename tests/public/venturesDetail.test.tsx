import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clearCookies,
  jsonResponse,
  mockApi,
  mockSignedIn,
  PRELOAD_TIMEOUT,
  preloadPages,
  renderApp,
  sampleVenture,
} from './helpers';

beforeAll(
  () =>
    preloadPages(
      () => import('../../src-public/ventures/VentureDetailPage'),
      () => import('../../src-shared/charts/VentureCharts'),
      () => import('../../src-public/ventures/VenturesPage'),
    ),
  PRELOAD_TIMEOUT,
);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

const VENTURE = {
  ...sampleVenture,
  riskLevel: 'high',
  isConvertible: true,
  closingDate: '2099-01-01T00:00:00Z',
  goesLiveAt: '2025-06-02T00:00:00Z',
  createdAt: '2025-05-20T00:00:00Z',
} as const;

describe('venture page states', () => {
  it("shows 'Loading venture...' until the venture arrives", async () => {
    let release: ((response: Response) => void) | undefined;
    mockApi({ 'GET /api/ventures/id/abc': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderApp('/ventures/abc');
    expect((await screen.findByText('Loading venture...')).closest('[role="status"]')).not.toBeNull();
    // The request may leave after the loading state shows (a busy machine): wait for it.
    await waitFor(() => expect(release).toBeDefined());
    release!(jsonResponse(200, { data: VENTURE }));
    expect(await screen.findByRole('heading', { level: 1, name: VENTURE.title })).toBeVisible();
    expect(screen.queryByText('Loading venture...')).not.toBeInTheDocument();
  });

  it("reads 'No venture found.' for a 404 and for an empty answer", async () => {
    const { calls } = mockApi({
      'GET /api/ventures/id/gone': jsonResponse(404, {
        message: 'Venture not found.',
        code: 'venture.not_found',
      }),
      'GET /api/ventures/id/empty': { data: null },
    });
    const { router } = renderApp('/ventures/gone');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'No venture found.' })).toBeVisible(),
    );
    expect(screen.getByRole('link', { name: 'Back to all ventures' })).toHaveAttribute('href', '/ventures');
    expect(calls.filter((call) => call.path === '/api/ventures/id/gone')).toHaveLength(1); // a 404 is not retried
    await router.navigate('/ventures/empty');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/ventures/id/empty'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'No venture found.' })).toBeVisible(),
    );
  });

  it("reads 'Failed to fetch venture details.' for a server error and for no answer at all", async () => {
    mockApi({
      'GET /api/ventures/id/broken': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
    });
    const { router } = renderApp('/ventures/broken');
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Failed to fetch venture details.' }),
      ).toBeVisible(),
    );
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();

    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    await router.navigate('/ventures/offline');
    await waitFor(() => expect(offline).toHaveBeenCalled());
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Failed to fetch venture details.' }),
      ).toBeVisible(),
    );
  });
});

describe('venture page content', () => {
  it('shows the cover, title, badges, note, stats, key dates, texts and tags', async () => {
    mockApi({ 'GET /api/ventures/id/abc': { data: VENTURE } });
    renderApp('/ventures/abc');
    expect(await screen.findByRole('heading', { level: 1, name: VENTURE.title })).toBeVisible();
    // The title is set in an effect, which may run after the heading is drawn.
    await waitFor(() => expect(document.title).toBe(`${VENTURE.title} | AfriVest`));
    expect(screen.getByRole('img', { name: `Cover image of ${VENTURE.title}` })).toHaveAttribute(
      'src',
      '/uploads/ventures/abc/1.jpg',
    );
    const investButton = screen.getByRole('button', { name: 'INVEST IN PROJECT' });
    expect(investButton.tagName).toBe('BUTTON');
    expect(investButton).toBeEnabled();
    // Open for investment: no status badge.
    for (const badge of ['Funded', 'Repaid', 'Coming soon', 'Closed'])
      expect(screen.queryByText(badge, { selector: '.MuiChip-label' })).not.toBeInTheDocument();
    expect(screen.getByText('High Risk')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText(/This venture is convertible/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '25% funded' })).toBeInTheDocument();

    const stats = within(screen.getByRole('region', { name: 'Venture Stats' }));
    const term = (label: string) => stats.getByText(label).nextElementSibling?.textContent;
    expect(term('Target amount')).toBe('€100,000.00');
    expect(term('Amount funded')).toBe('€25,000.00');
    expect(term('Minimum investment')).toBe('€50.00');
    expect(term('Maximum investment')).toBe('€5,000.00');
    expect(term('Expected return')).toBe('12%');
    expect(term('Investment period')).toBe('18 months');
    expect(term('Collateral value')).toBe('€120,000.00');
    expect(term('Loan to value')).toBe('80%');
    expect(term('Country')).toBe('Kenya');
    expect(term('Venture type')).toBe('SME');
    expect(term('Lifecycle status')).toBe('New');

    const dates = within(screen.getByRole('region', { name: 'Key Dates' }));
    expect(dates.getByText('Closing date').nextElementSibling).toHaveTextContent('Jan 1, 2099');
    expect(dates.getByText('Goes live').nextElementSibling).toHaveTextContent('Jun 2, 2025');
    expect(dates.getByText('Created').nextElementSibling).toHaveTextContent('May 20, 2025');

    for (const heading of ['Summary', 'Details', 'Collateral Details']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    expect(screen.getByText(VENTURE.longDescription)).toBeInTheDocument();
    expect(screen.getByText(VENTURE.collateralDescription)).toBeInTheDocument();
    const tags = within(screen.getByRole('region', { name: 'Tags' }));
    expect(tags.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['#solar', '#energy']);
  });

  it('has both charts, each with a text alternative, and the doughnut with percentage labels', async () => {
    mockApi({ 'GET /api/ventures/id/abc': { data: VENTURE } });
    renderApp('/ventures/abc');
    const funding = await screen.findByRole('region', { name: 'Funding Progress' });
    expect(within(funding).getByRole('figure')).toHaveAccessibleName(
      'Funded €25,000.00 (25%) of €100,000.00; remaining €75,000.00 (75%).',
    );
    const risk = screen.getByRole('region', { name: 'Risk vs Return' });
    expect(within(risk).getByRole('figure')).toHaveAccessibleName(
      'Expected return of 12% at risk level 3 of 3 (High).',
    );
    // The lazily loaded charts render their svg with a title and description.
    await waitFor(() => expect(funding.querySelector('svg title')).toHaveTextContent('Funding Progress'));
    expect(funding.querySelector('svg desc')).toHaveTextContent('Funded €25,000.00 (25%)');
    await waitFor(() => expect(risk.querySelector('svg title')).toHaveTextContent('Risk vs Return'));
    expect(within(funding).getByText('Funded (25%)')).toBeInTheDocument();
    expect(within(funding).getByText('Remaining (75%)')).toBeInTheDocument();
    // The big label in the middle of the ring is the funded share, not the remaining one.
    const centre = await waitFor(() => {
      const label = [...funding.querySelectorAll('svg text')].find((text) => text.textContent === 'funded');
      expect(label).toBeDefined();
      return label!;
    });
    expect(centre.previousElementSibling).toHaveTextContent(/^25%$/);
    expect(centre.parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows a placeholder cover, the non-convertible note and no chart without a target or risk', async () => {
    mockApi({
      'GET /api/ventures/id/abc': {
        data: {
          ...VENTURE,
          images: [],
          isConvertible: false,
          targetAmount: 0,
          amountFunded: 0,
          riskLevel: undefined,
        },
      },
    });
    renderApp('/ventures/abc');
    expect(await screen.findByRole('img', { name: `No picture yet for ${VENTURE.title}` })).toHaveAttribute(
      'src',
      '/images/venture-fallback.svg',
    );
    expect(screen.getByText(/This venture is non-convertible/)).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'No funding target has been set.' })).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: 'No risk level or expected return has been set.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '0% funded' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/ventures/id/abc': { data: VENTURE } });
    renderApp('/ventures/abc', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: VENTURE.title })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Risiko und Rendite' })).toBeVisible();
    expect(screen.getByText('Kenia')).toBeInTheDocument();
    expect(screen.getByText('100.000,00 €')).toBeInTheDocument();
  });

  it('links the key investment information sheet (PDF) in the reader’s language (EU 2020/1503 Art. 23)', async () => {
    mockApi({ 'GET /api/ventures/id/abc': { data: { ...VENTURE, adminStatus: 'approved' } } });
    renderApp('/ventures/abc');
    const link = await screen.findByRole('link', { name: 'Key investment information sheet (PDF)' });
    expect(link).toHaveAttribute('href', '/api/ventures/abc/kiis?lang=en');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleDescription(
      "Read it before you invest: the company, the risks and the offer's terms, in your language.",
    );
  });

  it('links the German sheet in German, and no sheet before approval', async () => {
    mockApi({ 'GET /api/ventures/id/abc': { data: { ...VENTURE, adminStatus: 'approved' } } });
    const { unmount } = renderApp('/ventures/abc', { language: 'de' });
    expect(
      await screen.findByRole('link', { name: 'Basisinformationsblatt für Anleger (PDF)' }),
    ).toHaveAttribute('href', '/api/ventures/abc/kiis?lang=de');
    unmount();
    mockApi({ 'GET /api/ventures/id/xyz': { data: { ...VENTURE, _id: 'xyz', adminStatus: 'pending' } } });
    renderApp('/ventures/xyz');
    expect(await screen.findByRole('heading', { level: 1, name: VENTURE.title })).toBeVisible();
    expect(screen.queryByRole('link', { name: /information sheet/ })).not.toBeInTheDocument();
  });

  it('opens the invest dialog from the INVEST IN PROJECT button, keeping the scroll position', async () => {
    mockSignedIn({
      'GET /api/ventures/id/abc': { data: VENTURE },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures/abc');
    await user.click(await screen.findByRole('button', { name: 'INVEST IN PROJECT' }));
    const dialog = await screen.findByRole('dialog', { name: `Invest in ${VENTURE.title}` });
    expect(await within(dialog).findByLabelText(/Amount/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ventures/abc/investment-form');
    expect(router.state.location.state).toEqual({ keepScroll: true });
  });

  it.each([
    [
      'funded',
      { lifecycleStatus: 'funded', amountFunded: 100_000 },
      'Funded',
      'Fully funded',
      'This venture reached its funding target and takes no more investments.',
    ],
    [
      'repaid',
      { lifecycleStatus: 'repaid', amountFunded: 100_000 },
      'Repaid',
      'Repaid',
      'This venture has been repaid to its investors and takes no more investments.',
    ],
    [
      'coming soon',
      { lifecycleStatus: 'coming-soon', goesLiveAt: null },
      'Coming soon',
      'Coming soon',
      'This venture is not open for investment yet.',
    ],
    [
      'live from a later date',
      { goesLiveAt: '2098-07-01T12:00:00Z' },
      'Coming soon',
      'Coming soon',
      'This venture opens for investment on Jul 1, 2098.',
    ],
    [
      'past its closing date',
      { closingDate: '2020-01-01T00:00:00Z' },
      'Closed',
      'Funding closed',
      'The closing date of this venture has passed; it takes no more investments.',
    ],
  ])(
    'a venture %s wears its badge and a disabled button with the reason',
    async (_, change, badge, button, reason) => {
      mockApi({ 'GET /api/ventures/id/abc': { data: { ...VENTURE, ...change } } });
      renderApp('/ventures/abc');
      expect(await screen.findByRole('heading', { level: 1, name: VENTURE.title })).toBeVisible();
      expect(screen.getByText(badge, { selector: '.MuiChip-label' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'INVEST IN PROJECT' })).not.toBeInTheDocument();
      const disabled = screen.getByRole('button', { name: button });
      expect(disabled).toBeDisabled();
      expect(disabled).toHaveAccessibleDescription(reason);
      expect(screen.getByText(reason)).toBeVisible();
    },
  );

  it('shows the funded share in the middle of a fully funded venture', async () => {
    mockApi({
      'GET /api/ventures/id/abc': { data: { ...VENTURE, lifecycleStatus: 'funded', amountFunded: 100_000 } },
    });
    renderApp('/ventures/abc');
    const funding = await screen.findByRole('region', { name: 'Funding Progress' });
    const centre = await waitFor(() => {
      const label = [...funding.querySelectorAll('svg text')].find((text) => text.textContent === 'funded');
      expect(label).toBeDefined();
      return label!;
    });
    expect(centre.previousElementSibling).toHaveTextContent(/^100%$/);
  });

  it('opens the invest dialog at /ventures/:id/investment-form and closes it back to the page', async () => {
    mockSignedIn({
      'GET /api/ventures/id/abc': { data: VENTURE },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
    });
    const { router } = renderApp('/ventures/abc/investment-form');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText(/Amount/)).toBeInTheDocument();
    within(dialog).getByRole('button', { name: 'Close' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ventures/abc'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the /projects links (spec 2.1)', () => {
  it('/projects/:id reaches the venture page and /projects/:id/invest the invest dialog', async () => {
    mockSignedIn({
      'GET /api/ventures/id/abc': { data: VENTURE },
      'GET /api/kyc/my-verification': { statusInOurSystem: 'complete' },
    });
    const { router } = renderApp('/projects/abc');
    expect(await screen.findByRole('heading', { level: 1, name: VENTURE.title })).toBeVisible();
    expect(router.state.location.pathname).toBe('/ventures/abc');
    await router.navigate('/projects/abc/invest');
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(router.state.location.pathname).toBe('/ventures/abc/investment-form');
  });

  it('/projects reaches the list and keeps the query string', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': { data: [], pagination: { totalPages: 0, total: 0 } } });
    const { router } = renderApp('/projects?ventureType=leasing&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ventures' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/ventures');
    expect(router.state.location.search).toBe('?ventureType=leasing&page=2');
    await waitFor(() =>
      expect(calls[0]?.url).toBe(
        '/api/ventures?ventureType=leasing&sortBy=createdAt&order=desc&page=2&limit=9',
      ),
    );
  });
});
