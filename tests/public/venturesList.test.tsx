import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ventureKeys } from '../../src-public/ventures/api';
import { SEARCH_DEBOUNCE_MS } from '../../src-public/ventures/VentureFilterForm';
import {
  jsonResponse,
  mockApi,
  PRELOAD_TIMEOUT,
  preloadPages,
  renderApp,
  sampleVenture,
  type ApiCall,
} from './helpers';

beforeAll(
  () =>
    preloadPages(
      () => import('../../src-public/ventures/VenturesPage'),
      () => import('../../src-public/pages/AboutUsPage'),
    ),
  PRELOAD_TIMEOUT,
);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LEASING = { ...sampleVenture, _id: 'l1', title: 'Lagos Fleet Leasing', ventureType: 'leasing' };
const SME = { ...sampleVenture, _id: 's1', title: 'Kigali Coffee Roastery', ventureType: 'sme' };

/** A tiny stand-in for GET /api/ventures: filters by ventureType and pages by 9 (or 1 with `perPage`). */
function ventureList(
  ventures: readonly { _id: string; ventureType: string; [key: string]: unknown }[],
  perPage = 9,
) {
  return (call: ApiCall) => {
    const query = new URL(call.url, 'http://localhost').searchParams;
    const type = query.get('ventureType');
    const matching = ventures.filter((v) => !type || v.ventureType === type);
    const page = Number(query.get('page') ?? 1);
    const data = matching.slice((page - 1) * perPage, page * perPage);
    return {
      data,
      pagination: {
        page,
        limit: perPage,
        total: matching.length,
        totalPages: Math.ceil(matching.length / perPage),
      },
    };
  };
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/ventures').map((call) => call.url);
/** The titles of the cards shown (the footer has level-2 headings too). */
const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Ventures found' }))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('ventures list: the page', () => {
  it("has the title 'Ventures', every filter labelled, cards, and BACK TO HOME", async () => {
    mockApi({ 'GET /api/ventures': ventureList([sampleVenture]) });
    renderApp('/ventures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ventures' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: sampleVenture.title })).toBeVisible();

    const form = within(screen.getByRole('search', { name: 'Filter ventures' }));
    expect(form.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    const expected: [string, string, string[]][] = [
      ['Status', 'all', ['All statuses', 'Coming soon', 'New', 'Funded', 'Repaid']],
      ['Venture type', 'all', ['All types', 'Business', 'SME', 'Leasing', 'Real estate']],
      ['Risk level', 'all', ['All risk levels', 'Low', 'Medium', 'High']],
      ['Convertible', 'all', ['Convertible or not', 'Convertible only', 'Non-convertible only']],
      [
        'Closing within',
        '',
        [
          'Any closing date',
          '1 day',
          '2 days',
          '3 days',
          '7 days',
          '14 days',
          '21 days',
          '30 days',
          '60 days',
          '90 days',
        ],
      ],
      [
        'Minimum investment',
        '',
        [
          'Any minimum',
          '€100.00 or less',
          '€500.00 or less',
          '€1,000.00 or less',
          '€5,000.00 or less',
          '€10,000.00 or less',
        ],
      ],
      [
        'Expected return',
        '',
        ['Any return', ...[5, 10, 15, 20, 25, 30, 35, 40, 45, 50].map((p) => `${p}% or more`)],
      ],
      [
        'Sort by',
        'createdAt',
        ['Date listed', 'Closing date', 'Expected return', 'Target amount', 'Amount funded'],
      ],
      ['Order', 'desc', ['Descending', 'Ascending']],
    ];
    for (const [label, value, options] of expected) {
      const select = form.getByRole('combobox', { name: label });
      expect(select, label).toHaveValue(value);
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(options);
    }
    const country = form.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('all');
    const countries = within(country).getAllByRole('option');
    expect(countries).toHaveLength(55);
    expect(countries[0]).toHaveTextContent('All countries');
    expect(within(country).getByRole('option', { name: 'Kenya' })).toHaveValue('KE');
    expect(within(country).getByRole('option', { name: 'Côte d’Ivoire' })).toHaveValue('CI');

    const card = within(
      screen
        .getByRole('heading', { level: 2, name: sampleVenture.title })
        .closest('.MuiCard-root') as HTMLElement,
    );
    expect(card.getByRole('img', { name: `Cover image of ${sampleVenture.title}` })).toHaveAttribute(
      'src',
      sampleVenture.images[0],
    );
    expect(card.getByText(sampleVenture.shortDescription)).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: '25% funded' })).toBeInTheDocument();
    // issue 30, item 13: the amounts and the number of investors beside the percentage
    expect(card.getByText('€25,000 raised of €100,000')).toBeInTheDocument();
    expect(card.getByText('14 investors')).toBeInTheDocument();
    expect(card.getByText('Days left')).toBeInTheDocument();
    expect(card.getByText('12%')).toBeInTheDocument();
    expect(card.getByText('18 months')).toBeInTheDocument();
    expect(card.getByText('Non-convertible')).toBeInTheDocument();
    expect(card.getByRole('link', { name: `Details of ${sampleVenture.title}` })).toHaveAttribute(
      'href',
      '/ventures/abc',
    );
    expect(card.getByRole('link', { name: `Invest in ${sampleVenture.title}` })).toHaveAttribute(
      'href',
      '/ventures/abc/investment-form',
    );
    expect(screen.getByText('1 venture found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BACK TO HOME' })).toHaveAttribute('href', '/');
  });

  it('shows the fallback picture for a venture without images', async () => {
    mockApi({ 'GET /api/ventures': ventureList([{ ...sampleVenture, images: [] }]) });
    renderApp('/ventures');
    expect(
      await screen.findByRole('img', { name: `No picture yet for ${sampleVenture.title}` }),
    ).toHaveAttribute('src', '/images/venture-fallback.svg');
  });

  it('badges ventures that take no investment and offers a disabled button saying why instead of INVEST', async () => {
    const FUNDED = { ...sampleVenture, _id: 'f1', title: 'Funded Farm', lifecycleStatus: 'funded' };
    const REPAID = { ...sampleVenture, _id: 'r1', title: 'Repaid Rooftops', lifecycleStatus: 'repaid' };
    const SOON = {
      ...sampleVenture,
      _id: 'c1',
      title: 'Coming Clinic',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
    };
    const CLOSED = { ...sampleVenture, _id: 'x1', title: 'Closed Kiln', closingDate: '2020-01-01T00:00:00Z' };
    mockApi({ 'GET /api/ventures': ventureList([sampleVenture, FUNDED, REPAID, SOON, CLOSED]) });
    renderApp('/ventures');
    const card = async (title: string) =>
      within(
        (await screen.findByRole('heading', { level: 2, name: title })).closest<HTMLElement>(
          '.MuiCard-root',
        )!,
      );
    const daysLeft = (c: ReturnType<typeof within>) =>
      c.getByText('Days left').nextElementSibling?.textContent;

    // Open: INVEST, no badge, the days left.
    const open = await card(sampleVenture.title);
    expect(open.getByRole('link', { name: `Invest in ${sampleVenture.title}` })).toHaveAttribute(
      'href',
      '/ventures/abc/investment-form',
    );
    expect(open.queryByText('Funded')).not.toBeInTheDocument();
    expect(Number(daysLeft(open))).toBeGreaterThan(0);

    const cases = [
      [FUNDED.title, 'Funded', 'Fully funded', 'Fully funded'],
      [REPAID.title, 'Repaid', 'Repaid', 'Repaid'],
      [SOON.title, 'Coming soon', 'Coming soon', undefined],
      [CLOSED.title, 'Closed', 'Funding closed', '0'],
    ] as const;
    for (const [title, badge, button, days] of cases) {
      const closed = await card(title);
      expect(closed.getByText(badge, { selector: '.MuiChip-label' })).toBeVisible();
      expect(closed.queryByRole('link', { name: `Invest in ${title}` })).not.toBeInTheDocument();
      const disabled = closed.getByRole('button', { name: `${button}: ${title}` });
      expect(disabled).toBeDisabled();
      expect(disabled).toHaveTextContent(button);
      if (days) expect(daysLeft(closed)).toBe(days);
    }
    // Every card still links to its page.
    expect(screen.getAllByRole('link', { name: /^Details of / })).toHaveLength(5);
  });

  it('shows the localised texts in German', async () => {
    mockApi({ 'GET /api/ventures': ventureList([sampleVenture]) });
    renderApp('/ventures', { language: 'de' });
    expect(await screen.findByRole('combobox', { name: 'Projektart' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Kenia' })).toHaveValue('KE');
  });
});

describe('ventures list: filters <-> URL', () => {
  it('sends exactly the filters of the URL to GET /api/ventures and shows them in the form', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': { data: [], pagination: { totalPages: 0, total: 0 } } });
    renderApp(
      '/ventures?lifecycleStatus=funded&ventureType=realestate&riskLevel=low&isConvertible=false&country=GH' +
        '&closingIn=30d&minInvestment=1000&expectedReturn=15&search=housing&sortBy=closingDate&order=asc&page=2',
    );
    await screen.findByText('No projects match your current filters.');
    expect(listCalls(calls)).toEqual([
      '/api/ventures?lifecycleStatus=funded&ventureType=realestate&riskLevel=low&isConvertible=false&country=GH' +
        '&closingIn=30d&minInvestment=1000&expectedReturn=15&search=housing&sortBy=closingDate&order=asc&page=2&limit=9',
    ]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('funded');
    expect(screen.getByRole('combobox', { name: 'Venture type' })).toHaveValue('realestate');
    expect(screen.getByRole('combobox', { name: 'Risk level' })).toHaveValue('low');
    expect(screen.getByRole('combobox', { name: 'Convertible' })).toHaveValue('false');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('GH');
    expect(screen.getByRole('combobox', { name: 'Closing within' })).toHaveValue('30d');
    expect(screen.getByRole('combobox', { name: 'Minimum investment' })).toHaveValue('1000');
    expect(screen.getByRole('combobox', { name: 'Expected return' })).toHaveValue('15');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('closingDate');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('asc');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('housing');
  });

  it('writes a changed filter to the URL (defaults left out), back to page 1, and refetches', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING, SME], 1) });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures?page=2');
    expect(await screen.findByRole('heading', { level: 2, name: LEASING.title })).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Venture type' }), 'leasing');
    await waitFor(() => expect(router.state.location.search).toBe('?ventureType=leasing'));
    expect(await screen.findByRole('heading', { level: 2, name: LEASING.title })).toBeVisible();
    expect(listCalls(calls).at(-1)).toBe(
      '/api/ventures?ventureType=leasing&sortBy=createdAt&order=desc&page=1&limit=9',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await waitFor(() => expect(router.state.location.search).toBe('?ventureType=leasing&order=asc'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Venture type' }), 'all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'desc');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('applies the search text after a pause, trimmed, and at once on Enter', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING, SME], 1) });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures?page=3');
    expect(await screen.findByRole('heading', { level: 2, name: SME.title })).toBeVisible();
    const search = await screen.findByRole('searchbox', { name: 'Search' });

    await user.type(search, 'solar ');
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?search=solar'), {
      timeout: SEARCH_DEBOUNCE_MS + 2000,
    });
    // The space typed last is still in the field while the URL holds the trimmed text.
    expect(search).toHaveValue('solar ');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('search=solar&'));

    await user.type(search, 'grid{Enter}');
    expect(router.state.location.search).toBe('?search=solar+grid');
  });

  it('moves between pages through the URL; a filter change goes back to page 1', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING, SME], 1) });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures');
    expect(await screen.findByRole('heading', { level: 2, name: sampleVenture.title })).toBeVisible();
    const pages = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(pages.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { level: 2, name: SME.title })).toBeVisible();
    expect(router.state.location.search).toBe('?page=3');
    expect(listCalls(calls).at(-1)).toBe('/api/ventures?sortBy=createdAt&order=desc&page=3&limit=9');
    expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(pages.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('heading', { level: 2, name: LEASING.title })).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk level' }), 'medium');
    await waitFor(() => expect(router.state.location.search).toBe('?riskLevel=medium'));
  });

  it('scrolls to the top of the list and moves the focus there when the page changes', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING, SME], 1) });
      const user = userEvent.setup();
      renderApp('/ventures');
      expect(await screen.findByRole('heading', { level: 2, name: sampleVenture.title })).toBeVisible();
      const results = screen.getByRole('region', { name: 'Ventures found' });
      const pages = within(screen.getByRole('navigation', { name: 'Pages' }));

      await user.click(pages.getByRole('button', { name: 'Page 2' }));
      expect(scrollIntoView).toHaveBeenCalled();
      expect(scrollIntoView.mock.contexts[0]).toBe(results);
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(results).toHaveFocus();
      expect(await screen.findByRole('heading', { level: 2, name: LEASING.title })).toBeVisible();
      // Once more when the new page is on screen: its height may have cut the first scroll short.
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(2));
      expect(scrollIntoView.mock.contexts[1]).toBe(results);

      // The current page again changes nothing and does not scroll.
      await user.click(pages.getByRole('button', { name: 'Page 2' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(scrollIntoView).toHaveBeenCalledTimes(2);
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('goes back to the previous filters with the back button, from the cache', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING, SME]) });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures');
    expect(await screen.findByRole('heading', { level: 2, name: SME.title })).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Venture type' }), 'leasing');
    await waitFor(() => expect(cardTitles()).toEqual([LEASING.title]));
    expect(listCalls(calls)).toHaveLength(2);

    await router.navigate(-1);
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Venture type' })).toHaveValue('all');
    await router.navigate(1);
    await waitFor(() => expect(cardTitles()).toEqual([LEASING.title]));
    expect(screen.getByRole('combobox', { name: 'Venture type' })).toHaveValue('leasing');
    expect(listCalls(calls)).toHaveLength(2); // both lists came from the 5-minute cache
  });

  it('moves a page beyond the last one to the last page', async () => {
    mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING], 1) });
    const { router } = renderApp('/ventures?page=7');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('heading', { level: 2, name: LEASING.title })).toBeVisible();
  });
});

describe('ventures list: empty result, Reset Filters and the cache', () => {
  it("shows 'No projects match your current filters.'; Reset Filters restores the defaults", async () => {
    const { calls } = mockApi({ 'GET /api/ventures': ventureList([sampleVenture, SME]) });
    const user = userEvent.setup();
    const { router } = renderApp('/ventures?ventureType=leasing&search=fleet&order=asc&page=2');
    expect(await screen.findByText('No projects match your current filters.')).toBeVisible();
    expect(cardTitles()).toEqual([]);
    expect(screen.getAllByRole('button', { name: 'Reset Filters' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cardTitles()).toEqual([sampleVenture.title, SME.title]));
    expect(screen.getByRole('combobox', { name: 'Venture type' })).toHaveValue('all');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('desc');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(listCalls(calls).at(-1)).toBe('/api/ventures?sortBy=createdAt&order=desc&page=1&limit=9');
    expect(screen.queryByText('No projects match your current filters.')).not.toBeInTheDocument();
  });

  it('clears every cached list: a second visit to a filter combination loads it again', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': ventureList([sampleVenture, LEASING]) });
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/ventures');
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    const leasingUrl = '/api/ventures?ventureType=leasing&sortBy=createdAt&order=desc&page=1&limit=9';
    const defaultUrl = '/api/ventures?sortBy=createdAt&order=desc&page=1&limit=9';

    // Without a reset, coming back to a combination within 5 minutes uses the cache.
    await router.navigate('/ventures?ventureType=leasing');
    await waitFor(() => expect(cardTitles()).toEqual([LEASING.title]));
    await router.navigate('/ventures');
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    await router.navigate('/ventures?ventureType=leasing');
    await waitFor(() => expect(cardTitles()).toEqual([LEASING.title]));
    expect(listCalls(calls).filter((url) => url === leasingUrl)).toHaveLength(1);
    expect(listCalls(calls).filter((url) => url === defaultUrl)).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: ventureKeys.lists })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    expect(listCalls(calls).filter((url) => url === defaultUrl)).toHaveLength(2);
    expect(queryClient.getQueryCache().findAll({ queryKey: ventureKeys.lists })).toHaveLength(1);

    await router.navigate('/ventures?ventureType=leasing');
    await waitFor(() => expect(cardTitles()).toEqual([LEASING.title]));
    expect(listCalls(calls).filter((url) => url === leasingUrl)).toHaveLength(2);
  });

  it('loads the list again when Reset Filters is used at the defaults', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': { data: [], pagination: { totalPages: 0, total: 0 } } });
    const user = userEvent.setup();
    renderApp('/ventures');
    await screen.findByText('No projects match your current filters.');
    expect(listCalls(calls)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByText('No projects match your current filters.')).toBeVisible();
  });

  it('only logs a failed list: empty, no message, and the failure is not cached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { calls } = mockApi({
      'GET /api/ventures': () =>
        fail
          ? jsonResponse(500, { message: 'Something went wrong.', code: 'common.server_error' })
          : ventureList([sampleVenture])({ url: '/api/ventures' } as ApiCall),
    });
    const { router } = renderApp('/ventures');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load ventures', expect.anything()));
    expect(screen.getByRole('heading', { level: 1, name: 'Ventures' })).toBeVisible();
    expect(cardTitles()).toEqual([]);
    expect(screen.queryByText('No projects match your current filters.')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fail = false;
    await router.navigate('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await router.navigate('/ventures');
    expect(await screen.findByRole('heading', { level: 2, name: sampleVenture.title })).toBeVisible();
    expect(listCalls(calls)).toHaveLength(2);
  });
});
