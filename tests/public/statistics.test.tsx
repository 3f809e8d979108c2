import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, setUpPageTests, stubPhoneWidth } from './helpers';

setUpPageTests(
  () => import('../../src-public/statistics/StatisticsPage'),
  () => import('../../src-public/statistics/DefaultRateChart'),
);

const STATISTICS = {
  totalFunded: 1_234_567.5,
  totalRepaid: 250_000.25,
  venturesFunded: 12,
  venturesRepaid: 4,
  investors: 1_530,
  averageReturn: 10.67,
  byRisk: [
    {
      riskLevel: 'low',
      ventures: 9,
      funded: 3,
      repaid: 3,
      defaulted: 0,
      loansAtStart: 4,
      defaultEvents: 0,
      defaultRate: 0,
    },
    {
      riskLevel: 'medium',
      ventures: 7,
      funded: 4,
      repaid: 0,
      defaulted: 1,
      loansAtStart: 5,
      defaultEvents: 1,
      defaultRate: 0.2,
    },
    {
      riskLevel: 'high',
      ventures: 3,
      funded: 1,
      repaid: 1,
      defaulted: 0,
      loansAtStart: 0,
      defaultEvents: 0,
      defaultRate: 0,
    },
  ],
  computedAt: '2026-03-10T14:30:00.000Z',
};

/** The value (<dd>) of a figure card by its label (<dt>). */
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/statistics', () => {
  it('shows the figures as cards, the default rate by risk level as a table and a chart, and what they mean', async () => {
    const { calls } = mockApi({ 'GET /api/statistics': { data: STATISTICS } });
    renderApp('/statistics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    // The title is set in an effect, which may run after the heading is drawn.
    await waitFor(() => expect(document.title).toBe('Statistics | AfriVest'));
    await screen.findByRole('heading', { level: 2, name: 'Platform figures' });
    expect(card('Money funded')).toBe('€1,234,567.50');
    expect(card('Money repaid')).toBe('€250,000.25');
    expect(card('Ventures funded')).toBe('12');
    expect(card('Ventures repaid')).toBe('4');
    expect(card('Investors')).toBe('1,530');
    expect(card('Average return')).toBe('10.67%');
    expect(screen.getByText('Expected a year, weighted by the amount funded')).toBeInTheDocument();

    const section = within(screen.getByRole('region', { name: 'Default rate by risk level' }));
    const table = section.getByRole('table', { name: 'Default rate by risk level' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Risk level',
        'Ventures listed',
        'Being repaid',
        'Repaid',
        'Ever defaulted',
        'Loans running 12 months ago',
        'Of them defaulted since',
        'Default rate (12 months)',
      ],
      ['Low', '9', '3', '3', '0', '4', '0', '0%'],
      ['Medium', '7', '4', '0', '1', '5', '1', '20%'],
      ['High', '3', '1', '1', '0', '0', '0', '0%'],
    ]);
    const figure = section.getByRole('figure');
    const summary = 'Default rate by risk level: low 0%, medium 20%, high 0%.';
    expect(figure).toHaveAccessibleName(summary);
    // The lazily loaded chart draws an svg with the same title and description.
    await waitFor(() =>
      expect(figure.querySelector('svg title')).toHaveTextContent('Default rate by risk level'),
    );
    expect(figure.querySelector('svg desc')).toHaveTextContent(summary);

    expect(
      screen.getByText(/^Only ventures on the public list and approved by our team count/),
    ).toHaveTextContent(/Figures computed on Mar 10, 2026, \d{1,2}:30 (AM|PM)\.$/);
    expect(calls.filter((call) => call.path === '/api/statistics')).toHaveLength(1);
  });

  it('turns the default-rate table on a phone: a column per risk level, a row per figure', async () => {
    stubPhoneWidth();
    mockApi({ 'GET /api/statistics': { data: STATISTICS } });
    renderApp('/statistics');
    const table = await screen.findByRole('table', { name: 'Default rate by risk level' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Risk level', 'Low', 'Medium', 'High'],
      ['Ventures listed', '9', '7', '3'],
      ['Being repaid', '3', '4', '1'],
      ['Repaid', '3', '0', '1'],
      ['Ever defaulted', '0', '1', '0'],
      ['Loans running 12 months ago', '4', '5', '0'],
      ['Of them defaulted since', '0', '1', '0'],
      ['Default rate (12 months)', '0%', '20%', '0%'],
    ]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Ventures listed',
      'Being repaid',
      'Repaid',
      'Ever defaulted',
      'Loans running 12 months ago',
      'Of them defaulted since',
      'Default rate (12 months)',
    ]);
  });

  it('shows a dash for the average return while no venture has been funded', async () => {
    mockApi({
      'GET /api/statistics': {
        data: {
          ...STATISTICS,
          totalFunded: 0,
          totalRepaid: 0,
          venturesFunded: 0,
          venturesRepaid: 0,
          investors: 0,
          averageReturn: null,
          byRisk: STATISTICS.byRisk.map((row) => ({
            ...row,
            funded: 0,
            repaid: 0,
            defaulted: 0,
            loansAtStart: 0,
            defaultEvents: 0,
            defaultRate: 0,
          })),
        },
      },
    });
    renderApp('/statistics');
    await screen.findByRole('heading', { level: 2, name: 'Platform figures' });
    expect(card('Money funded')).toBe('€0.00');
    expect(card('Average return')).toBe('-');
  });

  it('says that no loan has defaulted yet instead of drawing an empty chart', async () => {
    mockApi({
      'GET /api/statistics': {
        data: {
          ...STATISTICS,
          // Loans are running, none has ever defaulted.
          byRisk: STATISTICS.byRisk.map((row) => ({
            ...row,
            defaulted: 0,
            defaultEvents: 0,
            defaultRate: 0,
          })),
        },
      },
    });
    renderApp('/statistics');
    const section = within(await screen.findByRole('region', { name: 'Default rate by risk level' }));
    expect(section.getByRole('status')).toHaveTextContent(/^No loan has defaulted yet\./);
    expect(section.getByRole('status')).toHaveTextContent(/more than 90 days late/);
    expect(section.queryByRole('figure')).not.toBeInTheDocument();
    // The table still says how many loans are observed.
    expect(section.getByRole('table', { name: 'Default rate by risk level' })).toHaveTextContent(
      'Loans running 12 months ago',
    );
  });

  it('draws no blank axes when loans defaulted but no rate is above 0 % (issue 30, item 10: the demo)', async () => {
    mockApi({
      'GET /api/statistics': {
        data: {
          ...STATISTICS,
          // Defaults happened, but none among the loans of the 12-month window: every rate is 0.
          byRisk: STATISTICS.byRisk.map((row) => ({
            ...row,
            defaulted: 3,
            defaultEvents: 0,
            defaultRate: 0,
          })),
        },
      },
    });
    renderApp('/statistics');
    const section = within(await screen.findByRole('region', { name: 'Default rate by risk level' }));
    expect(section.queryByRole('figure')).not.toBeInTheDocument();
    expect(section.getByRole('status')).toHaveTextContent(/^No default in the last 12 months\./);
    expect(section.getByRole('status')).toHaveTextContent(/Ever defaulted/);
  });

  it('gives the table the whole width, its headers on one line, the note or chart below (issue 30, item 10)', async () => {
    for (const defaulted of [0, 1]) {
      mockApi({
        'GET /api/statistics': {
          data: { ...STATISTICS, byRisk: STATISTICS.byRisk.map((row) => ({ ...row, defaulted })) },
        },
      });
      const { unmount } = renderApp('/statistics');
      const section = within(await screen.findByRole('region', { name: 'Default rate by risk level' }));
      const table = section.getByRole('table', { name: 'Default rate by risk level' });
      const column = table.closest('.MuiGrid-root:not(.MuiGrid-container)')!;
      expect(column).toHaveClass('MuiGrid-grid-xs-12');
      expect(column.className).not.toMatch(/MuiGrid-grid-md-6/);
      for (const header of within(table).getAllByRole('columnheader'))
        expect(header).toHaveStyle({ whiteSpace: 'nowrap' });
      const below = defaulted ? section.getByRole('figure') : section.getByRole('status');
      expect(table.compareDocumentPosition(below) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
    }
  });

  it('explains the method in plain words: what a default is, the 12-month window and the rate', async () => {
    mockApi({ 'GET /api/statistics': { data: STATISTICS } });
    renderApp('/statistics');
    const method = within(await screen.findByRole('region', { name: 'How we count defaults' }));
    expect(method.getByText(/more than 90 days late with a payment/)).toBeInTheDocument();
    expect(method.getByText(/^The default rate looks at the last 12 months\./)).toBeInTheDocument();
    expect(method.getByText(/1 default among 20 loans is a rate of 5%/)).toHaveTextContent(
      'EU Delegated Regulation 2022/2115',
    );
    // With a default on record, the chart is drawn and no empty state shows.
    expect(screen.queryByText('No loan has defaulted yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Default rate by risk level: low 0%, medium 20%, high 0%.',
    );
  });

  it("reads 'Loading statistics...' first, then a failure with Try again, which loads them", async () => {
    let fail = true;
    let release: ((response: Response) => void) | undefined;
    mockApi({
      'GET /api/statistics': () =>
        fail
          ? new Promise<Response>((resolve) => (release = resolve))
          : jsonResponse(200, { data: STATISTICS }),
    });
    const user = userEvent.setup();
    renderApp('/statistics');
    expect((await screen.findByText('Loading statistics...')).closest('[role="status"]')).not.toBeNull();
    // The text can show before the request is sent (the page's code still loading on a busy machine).
    await waitFor(() => expect(release).toBeDefined());
    release!(jsonResponse(500, { message: 'Something went wrong.', code: 'common.server_error' }));
    expect(
      await screen.findByText('The statistics could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 2, name: 'Platform figures' });
    expect(card('Investors')).toBe('1,530');
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/statistics': { data: STATISTICS } });
    renderApp('/statistics', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiken' })).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Kennzahlen der Plattform' });
    // Intl puts a no-break space before € and %.
    expect(card('Finanzierter Betrag')).toMatch(/^1\.234\.567,50\s€$/);
    expect(card('Durchschnittliche Rendite')).toMatch(/^10,67\s%$/);
    expect(screen.getByRole('table', { name: 'Ausfallquote nach Risikostufe' })).toBeInTheDocument();
    expect(screen.getByText(/Zahlen berechnet am 10\.03\.2026/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wie wir Ausfälle zählen' })).toHaveTextContent(
      /mehr als 90 Tage im Verzug.*letzten 12 Monate.*Delegierte Verordnung \(EU\) 2022\/2115/,
    );
  });

  it.each([
    ['es', 'Cómo contamos los impagos', 'Ningún préstamo ha entrado en impago todavía.'],
    ['fr', 'Comment nous comptons les défauts', 'Aucun prêt n’a encore fait défaut.'],
  ] as const)('explains the method and the empty state in %s', async (language, title, empty) => {
    mockApi({
      'GET /api/statistics': {
        data: { ...STATISTICS, byRisk: STATISTICS.byRisk.map((row) => ({ ...row, defaulted: 0 })) },
      },
    });
    renderApp('/statistics', { language });
    expect(await screen.findByRole('region', { name: title })).toHaveTextContent(/90/);
    expect(screen.getByText(empty)).toBeInTheDocument();
  });
});
