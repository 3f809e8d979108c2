/**
 * The admin's side of investor protection (issue 25; EU 2020/1503 Art. 21, 22 and Annex II): the
 * Protection list (status filter, search, CSV, phone list), a person's page (the request with its
 * criteria and evidence, earlier requests, the decision in three steps) and the Investor protection
 * tab of a user's page. The screens run in the real admin console on an in-memory dataProvider
 * (adminScreens.tsx); the provider's HTTP mapping is checked on a fake API at the end (and against
 * the real server by tests/server/dataprovider-verbs.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import type { SophisticatedCriterion } from '../../src-shared/constants/enums';
import type { AdminSophisticatedRequest, ProtectionHistory } from '../../src-shared/contracts/protection';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { protectionRecord } from '../../src-backoffice/providers/resources/protection';
import { claimCoversAnnexII } from '../../src-backoffice/resources/protection/annex';
import { memoryDataProvider, renderAdmin, signedInAs } from './adminScreens';

const ADMIN = { id: 'a1', fullName: 'Ada Admin' };
const ada = { id: 'a1', firstName: 'Ada', lastName: 'Admin' };
const ivy = { id: 'u1', firstName: 'Ivy', lastName: 'Investor', email: 'ivy@example.com' };
const paula = { id: 'u3', firstName: 'Paula', lastName: 'Pro', email: 'paula@example.com' };
const otto = { id: 'u4', firstName: 'Otto', lastName: 'Banker', email: 'otto@example.com' };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

const request = (
  _id: string,
  user: AdminSophisticatedRequest['user'],
  criteria: SophisticatedCriterion[],
  fields: Partial<AdminSophisticatedRequest> = {},
): AdminSophisticatedRequest => ({
  _id,
  user,
  criteria,
  status: 'pending',
  reason: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  evidence: { name: 'payslips.png', mimeType: 'image/png', size: 48_000 },
  ...fields,
});

/** Ivy: a request rejected in February (a PDF), a pending one since March (an image). */
const ivyEarlier = request('r-ivy-1', ivy, ['financial_sector_experience', 'executive_position'], {
  status: 'rejected',
  reason: 'Both criteria are point (b) of Annex II.',
  createdAt: '2026-02-01T08:00:00.000Z',
  decidedAt: '2026-02-03T15:00:00.000Z',
  decidedBy: ada,
  evidence: { name: 'contract.pdf', mimeType: 'application/pdf', size: 2_400_000 },
});
const ivyPending = request('r-ivy-2', ivy, ['income_or_portfolio', 'capital_market_transactions']);
const paulaAccepted = request('r-paula', paula, ['legal_own_funds'], {
  status: 'accepted',
  reason: 'Own funds shown by the 2025 accounts.',
  createdAt: '2026-01-10T08:00:00.000Z',
  decidedAt: '2026-01-12T08:00:00.000Z',
  decidedBy: ada,
});
const ottoPending = request('r-otto', otto, ['financial_sector_experience', 'executive_position'], {
  createdAt: '2026-03-03T09:30:00.000Z',
});

const emptyHistory = (fields: Partial<ProtectionHistory> = {}): ProtectionHistory => ({
  category: 'non_sophisticated',
  tests: [],
  acknowledgements: [],
  simulations: [],
  requests: [],
  ...fields,
});

/** Ivy's history in the API's order (oldest first): the pages show it newest first. */
function histories(): Record<string, ProtectionHistory> {
  // A copy each time: a decision changes the requests of its test only.
  return structuredClone({
    u1: emptyHistory({
      tests: [
        {
          _id: 't1',
          takenAt: '2026-01-05T10:00:00.000Z',
          score: 60,
          passed: false,
          topicsMissed: ['diversification', 'reflection_period'],
          language: 'de',
        },
        {
          _id: 't2',
          takenAt: '2026-01-20T10:00:00.000Z',
          score: 90,
          passed: true,
          topicsMissed: [],
          language: 'en',
        },
      ],
      acknowledgements: [
        {
          _id: 'k1',
          acknowledgedAt: '2026-01-05T10:05:00.000Z',
          text: 'An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.',
        },
      ],
      simulations: [
        {
          _id: 's1',
          createdAt: '2026-01-06T11:00:00.000Z',
          annualIncome: 50_000,
          liquidAssets: 20_000,
          annualCommitments: 12_345.5,
          netWorth: 57_654.5,
          capacity: 5_765.45,
        },
      ],
      requests: [ivyEarlier, ivyPending],
    }),
    u3: emptyHistory({ category: 'sophisticated', requests: [paulaAccepted] }),
    u4: emptyHistory({ requests: [ottoPending] }),
  });
}

const person = (id: string, fields: Partial<RaRecord>): RaRecord => ({
  id,
  email: `${id}@example.com`,
  firstName: '',
  lastName: '',
  phone: null,
  countryName: 'Germany',
  city: 'Berlin',
  address: null,
  role: 'user',
  isActive: true,
  emailVerified: true,
  kycStatus: 'complete',
  companyName: null,
  legalForm: null,
  registrationNumber: null,
  createdAt: '2026-01-01T09:00:00.000Z',
  lastLoginAt: null,
  balance: 0,
  ...fields,
});

/**
 * The in-memory dataProvider with the protection resource as the API serves it: list rows are
 * requests, getOne is a person's history, and the two custom calls (evidence, decision).
 */
function protectionProvider() {
  const people = histories();
  const rows = () =>
    Object.values(people)
      .flatMap((h) => h.requests)
      .map((r) => ({ ...r, id: r._id }));
  const base = memoryDataProvider({
    users: [
      person('u1', { ...ivy }),
      person('u2', { firstName: 'Sam', lastName: 'Sunrise', role: 'corporate', companyName: 'Sunrise Ltd' }),
      person('u3', { ...paula }),
    ],
    protection: rows(),
  });
  const refreshRows = () => {
    const store = rows();
    base.getList.mockImplementation(async (resource, params) => {
      if (resource !== 'protection') return memoryDataProvider({}).getList(resource, params);
      const status = (params.filter as { status?: string }).status;
      const data = store.filter((r) => !status || r.status === status);
      return { data, total: data.length };
    });
  };
  const provider = {
    ...base,
    getOne: vi.fn(async (resource: string, params: { id: unknown }) => {
      if (resource !== 'protection') return base.getOne(resource, params);
      const history = people[String(params.id)];
      if (!history) throw new HttpError('Not found.', 404);
      return { data: protectionRecord(String(params.id), history) };
    }),
    getProtectionEvidence: vi.fn(async (requestId: unknown) => {
      const found = rows().find((r) => r._id === requestId)!;
      return new Blob([found.evidence.mimeType === 'application/pdf' ? PDF : PNG], {
        type: found.evidence.mimeType,
      });
    }),
    decideProtection: vi.fn(
      async (userId: unknown, body: { status: 'accepted' | 'rejected'; reason: string }) => {
        const history = people[String(userId)]!;
        const pending = history.requests.find((r) => r.status === 'pending');
        if (!pending) throw new HttpError('No request is waiting for a decision.', 404);
        Object.assign(pending, {
          status: body.status,
          reason: body.reason,
          decidedAt: '2026-03-05T10:00:00.000Z',
          decidedBy: ada,
        });
        if (body.status === 'accepted') history.category = 'sophisticated';
        refreshRows();
        return { ...pending };
      },
    ),
  };
  refreshRows();
  return provider;
}

const blobUrls = new Map<string, Blob>();
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    n += 1;
    const url = `blob:http://backoffice.test/file-${n}`;
    blobUrls.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  blobUrls.clear();
});

function renderProtection(path: string, provider = protectionProvider()) {
  const router = renderAdmin(path, { dataProvider: provider, authProvider: signedInAs('admin', ADMIN) });
  return { provider, router };
}

describe('Protection list', () => {
  it('is in the admin menu and opens on the pending requests, a row leading to the person', async () => {
    const { provider } = renderProtection('/admin/protection');
    expect(await screen.findByText('Ivy Investor')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Investor protection' })).toHaveAttribute(
      'href',
      '/admin/protection',
    );
    const table = screen.getByRole('table');
    expect(within(table).getByText('Otto Banker')).toBeInTheDocument();
    expect(within(table).queryByText('Paula Pro')).not.toBeInTheDocument();
    expect(within(table).getByText('Income or portfolio, Capital-market transactions')).toBeInTheDocument();
    expect(within(table).getAllByText('Pending')).toHaveLength(2);
    expect(provider.getList).toHaveBeenCalledWith(
      'protection',
      expect.objectContaining({ filter: { status: 'pending' } }),
    );
    expect(screen.getByRole('link', { name: 'View the request of Ivy Investor' })).toHaveAttribute(
      'href',
      '/admin/protection/u1/show',
    );
    // The API sorts by nothing: no column offers a sort.
    expect(within(table).queryByRole('button', { name: /sort/i })).not.toBeInTheDocument();
  });

  it('shows every request with "All requests", with who decided', async () => {
    const user = userEvent.setup();
    renderProtection('/admin/protection');
    await screen.findByText('Ivy Investor');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // react-admin names the empty choice "Clear value"; it reads "All requests".
    const all = await screen.findByRole('option', { name: 'Clear value' });
    expect(all).toHaveTextContent('All requests');
    await user.click(all);
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Paula Pro')).toBeInTheDocument();
    const paulaRow = within(table).getByText('Paula Pro').closest('tr')!;
    expect(within(paulaRow).getByText('Accepted')).toBeInTheDocument();
    expect(within(paulaRow).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(paulaRow).getByText('Own funds shown by the 2025 accounts.')).toBeInTheDocument();
    expect(within(table).getAllByText('Ivy Investor')).toHaveLength(2);
  });

  it('exports the rows of its filter as CSV: the person, the criteria, the decision and the file', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderProtection('/admin/protection');
    await screen.findByText('Ivy Investor');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = await [...blobUrls.values()].at(-1)!.text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'requestId,userId,firstName,lastName,email,criteria,status,createdAt,decidedAt,decidedBy,reason,evidenceName,evidenceType,evidenceSize',
    );
    expect(lines).toHaveLength(2);
    expect(lines).toContain(
      'r-ivy-2,u1,Ivy,Investor,ivy@example.com,income_or_portfolio capital_market_transactions,pending,2026-03-02T09:30:00.000Z,,,,payslips.png,image/png,48000',
    );
  });

  it('is a one-column list on a phone, each line leading to the person', async () => {
    // A 390 px wide screen: every "max-width" media query matches (MUI's useMediaQuery reads matchMedia).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }));
    renderProtection('/admin/protection');
    const link = await screen.findByRole('link', { name: /Ivy Investor/ });
    expect(link).toHaveAttribute('href', '/admin/protection/u1/show');
    expect(link).toHaveTextContent('ivy@example.com · Pending');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe("A person's protection page", () => {
  it('shows the investor, the pending request (criteria with their Annex II meaning, the image) and the earlier one', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { provider } = renderProtection('/admin/protection/u1/show');
    expect(await screen.findByText('Investor protection: Ivy Investor')).toBeInTheDocument();
    expect(screen.getByText('ivy@example.com')).toBeInTheDocument();
    expect(screen.getByText('Non-sophisticated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the user page' })).toHaveAttribute(
      'href',
      '/admin/users/u1/show',
    );
    expect(screen.getByText('Waiting for a decision since Mar 2, 2026, 9:30 AM.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /a personal gross income of at least €60,000 per fiscal year, or a portfolio of cash deposits and financial assets above €100,000 \(Annex II I\(2\)\(a\)\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/on average 10 a quarter over the last four quarters/)).toBeInTheDocument();
    // Points (a) and (c) of I(2): the claim can be enough.
    expect(screen.queryByText(/These criteria cannot be enough/)).not.toBeInTheDocument();

    // The evidence, fetched with the admin's session, shown from an object URL.
    const image = await screen.findByRole('img', {
      name: 'Evidence of the request of Ivy Investor of Mar 2, 2026',
    });
    expect(blobUrls.get(image.getAttribute('src')!)?.type).toBe('image/png');
    expect(provider.getProtectionEvidence).toHaveBeenCalledWith('r-ivy-2');
    expect(screen.getByText('payslips.png (48 kB)')).toBeInTheDocument();

    // The earlier request, rejected, with its PDF shown on demand.
    const earlier = screen.getByRole('table', { name: 'Earlier requests' });
    expect(within(earlier).getByText('Rejected')).toBeInTheDocument();
    expect(within(earlier).getByText('Both criteria are point (b) of Annex II.')).toBeInTheDocument();
    expect(within(earlier).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(earlier).getByText('Financial sector, Executive position')).toBeInTheDocument();
    await user.click(within(earlier).getByRole('button', { name: 'Evidence of Feb 1, 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Open the PDF' }));
    const [url, target] = open.mock.calls[0]!;
    expect(target).toBe('_blank');
    expect(blobUrls.get(String(url))?.type).toBe('application/pdf');
    expect(screen.getByText('contract.pdf (2.4 MB)')).toBeInTheDocument();
    const downloads = screen.getAllByRole('link', { name: 'Download' });
    expect(downloads.map((a) => a.getAttribute('download'))).toEqual(['payslips.png', 'contract.pdf']);

    // Their history is on the page too (the requests are above it).
    expect(screen.getByRole('table', { name: 'Knowledge tests' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Requests to be treated as sophisticated' })).toBeNull();
  });

  it('flags a claim that cannot be enough under Annex II (both alternatives of point (b))', async () => {
    renderProtection('/admin/protection/u4/show');
    expect(await screen.findByText('Investor protection: Otto Banker')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'These criteria cannot be enough: a natural person needs at least two of the points (a), (b) and (c) of Annex II I(2)',
    );
  });

  it('accepts with a reason after a review of the protections the investor loses, then a receipt', async () => {
    const user = userEvent.setup();
    const { provider } = renderProtection('/admin/protection/u1/show');
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Treat Ivy Investor as a sophisticated investor?',
    });

    // No reason: refused under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  Payslips show €72,000 a year; broker statements 11 trades a quarter. ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // The review: what changes for the investor, and the summary.
    expect(
      within(dialog).getByText(
        'Ivy Investor becomes a sophisticated investor and loses the protections of non-sophisticated investors:',
      ),
    ).toBeInTheDocument();
    for (const text of [
      'no knowledge test before investing (Art. 21(2) and (3))',
      'no simulation of the ability to bear loss (Art. 21(4))',
      'no risk warning nor explicit acknowledgement above €1,000 or 5 % of their net worth (Art. 21(7))',
      'no 4-day reflection period to revoke a new investment (Art. 22(2))',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    const summary = within(dialog).getByRole('table', { name: 'Summary' });
    expect(within(summary).getByText('Ivy Investor (ivy@example.com)')).toBeInTheDocument();
    expect(within(summary).getByText('Income or portfolio, Capital-market transactions')).toBeInTheDocument();
    expect(within(summary).getByText('Accepted')).toBeInTheDocument();
    expect(within(dialog).getByText('Ivy Investor is told of the decision by e-mail.')).toBeInTheDocument();
    expect(provider.decideProtection).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Accept the request' }));
    expect(
      await within(dialog).findByText(
        'Accepted on Mar 5, 2026, 10:00 AM: Ivy Investor is now a sophisticated investor.',
      ),
    ).toBeInTheDocument();
    expect(provider.decideProtection).toHaveBeenCalledTimes(1);
    expect(provider.decideProtection).toHaveBeenCalledWith('u1', {
      status: 'accepted',
      reason: 'Payslips show €72,000 a year; broker statements 11 trades a quarter.',
    });

    // Closing the receipt shows the page anew: decided, the buttons off.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Accepted on Mar 5, 2026, 10:00 AM by Ada Admin.')).toBeInTheDocument();
    expect(screen.getByText('Sophisticated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByText('Only a pending request can be decided.')).toBeInTheDocument();
  });

  it('rejects: the review says the investor keeps every protection; a refusal goes back to the reason', async () => {
    const user = userEvent.setup();
    const provider = protectionProvider();
    const decide = provider.decideProtection.getMockImplementation()!;
    provider.decideProtection.mockRejectedValueOnce(
      new HttpError('No request is waiting for a decision.', 404, {
        errors: { reason: 'A reason is required.' },
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProtection('/admin/protection/u1/show', provider);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request of Ivy Investor?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The payslips are from 2019.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText(
        'Ivy Investor stays a non-sophisticated investor and keeps every protection: the knowledge test, the loss simulation, the warnings and the reflection period.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/no knowledge test before investing/)).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Ivy Investor gets the decision and its reason by e-mail.'),
    ).toBeInTheDocument();

    // The server refuses: its message in a toast, back to the reason with its field error.
    await user.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    expect(await screen.findByText('No request is waiting for a decision.')).toBeInTheDocument();
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue(
      'The payslips are from 2019.',
    );

    provider.decideProtection.mockImplementation(decide);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    expect(
      await within(dialog).findByText(
        'Rejected on Mar 5, 2026, 10:00 AM: Ivy Investor stays a non-sophisticated investor.',
      ),
    ).toBeInTheDocument();
    expect(provider.decideProtection).toHaveBeenLastCalledWith('u1', {
      status: 'rejected',
      reason: 'The payslips are from 2019.',
    });
  });

  it('offers no decision on a decided request', async () => {
    renderProtection('/admin/protection/u3/show');
    expect(await screen.findByText('Accepted on Jan 12, 2026, 8:00 AM by Ada Admin.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.queryByRole('table', { name: 'Earlier requests' })).not.toBeInTheDocument();
  });
});

describe("A user's page: the Investor protection tab", () => {
  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );

  it("shows an investor's category, tests, acknowledgements, simulations and requests, newest first", async () => {
    const user = userEvent.setup();
    const { provider } = renderProtection('/admin/users/u1/show');
    await user.click(await screen.findByRole('tab', { name: 'Investor protection' }));
    const tests = await screen.findByRole('table', { name: 'Knowledge tests' });
    expect(rowsOf(tests)).toEqual([
      ['Jan 20, 2026, 10:00 AM', '90 %', 'Passed', '-', 'English'],
      ['Jan 5, 2026, 10:00 AM', '60 %', 'Failed', 'Diversification, Reflection period', 'German'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Risk acknowledgements' }))).toEqual([
      [
        'Jan 5, 2026, 10:05 AM',
        'An investment in a crowdfunding project includes the risk of losing the entirety of the money invested.',
      ],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Loss simulations' }))).toEqual([
      ['Jan 6, 2026, 11:00 AM', '€50,000.00', '€20,000.00', '€12,345.50', '€57,654.50', '€5,765.45'],
    ]);
    const requests = screen.getByRole('table', { name: 'Requests to be treated as sophisticated' });
    expect(rowsOf(requests)).toEqual([
      ['Mar 2, 2026, 9:30 AM', 'Income or portfolio, Capital-market transactions', 'Pending', '-', '-', '-'],
      [
        'Feb 1, 2026, 8:00 AM',
        'Financial sector, Executive position',
        'Rejected',
        'Feb 3, 2026, 3:00 PM',
        'Ada Admin',
        'Both criteria are point (b) of Annex II.',
      ],
    ]);
    expect(screen.getByText('Non-sophisticated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the requests page' })).toHaveAttribute(
      'href',
      '/admin/protection/u1/show',
    );
    expect(provider.getOne).toHaveBeenCalledWith('protection', expect.objectContaining({ id: 'u1' }));
  });

  it('says so when an investor has done nothing yet', async () => {
    const provider = protectionProvider();
    provider.getOne.mockImplementation(async (resource: string, params: { id: unknown }) =>
      resource === 'protection'
        ? { data: protectionRecord(String(params.id), emptyHistory()) }
        : { data: person('u1', { ...ivy }) },
    );
    renderProtection('/admin/users/u1/show/protection', provider);
    for (const text of ['No test taken.', 'No risk acknowledgement.', 'No loss simulation.', 'No request.'])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the requests page' })).not.toBeInTheDocument();
  });

  it('is not there for a company account', async () => {
    const { provider } = renderProtection('/admin/users/u2/show');
    expect(await screen.findByText('Sunrise Ltd')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Verification' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Investor protection' })).not.toBeInTheDocument();
    expect(provider.getOne).not.toHaveBeenCalledWith('protection', expect.anything());
  });
});

describe('Annex II coverage of a claim', () => {
  it.each([
    [['income_or_portfolio', 'capital_market_transactions'], true],
    [['income_or_portfolio', 'executive_position'], true],
    [['financial_sector_experience', 'executive_position'], false],
    [['income_or_portfolio'], false],
    [['legal_own_funds'], true],
    [[], false],
  ] as [SophisticatedCriterion[], boolean][])('%j -> %s', (criteria, expected) => {
    expect(claimCoversAnnexII(criteria)).toBe(expected);
  });
});

describe('The protection calls of the dataProvider (fake API)', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  function fakeApi() {
    const calls: Request[] = [];
    const fetch = vi.fn(async (req: Request) => {
      calls.push(req.clone());
      const url = new URL(req.url);
      const key = `${req.method} ${url.pathname}`;
      if (key === 'GET /api/admin/protection')
        return json({ data: [ivyPending], pagination: { page: 2, limit: 10, total: 11, pages: 2 } });
      if (key === 'GET /api/admin/protection/u1/history') return json({ data: histories().u1 });
      if (key === 'GET /api/admin/protection/requests/r-ivy-2/evidence')
        return new Response(PNG, { headers: { 'Content-Type': 'image/png' } });
      if (key === 'PATCH /api/admin/protection/u1') {
        const body = (await req.clone().json()) as { status: string; reason: string };
        if (body.status === 'accepted')
          return json(
            { message: 'No request is waiting for a decision.', code: 'protection.request_not_found' },
            404,
          );
        return json({
          data: { ...ivyPending, ...body, decidedAt: '2026-03-05T10:00:00.000Z', decidedBy: ada },
        });
      }
      return json({ message: 'Not found.', code: 'common.not_found' }, 404);
    });
    return { fetch, calls };
  }

  function provider(api: ReturnType<typeof fakeApi>, lang: Parameters<typeof createI18n>[0] = 'en') {
    const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
    const i18n = createI18nProvider(createI18n(lang, 'backoffice', resources)).i18n;
    return createDataProvider({ app: 'admin', client, i18n });
  }

  it('lists requests by status and search (page and limit; the API sorts by nothing), keyed by the request', async () => {
    const api = fakeApi();
    const result = await provider(api).getList('protection', {
      filter: { status: 'pending', search: '  ivy ' },
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(Object.fromEntries(new URL(api.calls[0]!.url).searchParams)).toEqual({
      status: 'pending',
      search: 'ivy',
      page: '2',
      limit: '10',
    });
    expect(result.total).toBe(11);
    expect(result.data[0]).toMatchObject({ id: 'r-ivy-2', user: { id: 'u1' } });
  });

  it("reads a person's history keyed by the person, newest first; the evidence as a Blob; the decision trimmed", async () => {
    const api = fakeApi();
    const dp = provider(api);
    const { data } = await dp.getOne('protection', { id: 'u1' });
    expect(data).toMatchObject({ id: 'u1', user: ivy, category: 'non_sophisticated' });
    expect(data.requests.map((r: { _id: string }) => r._id)).toEqual(['r-ivy-2', 'r-ivy-1']);
    expect(data.tests.map((t: { _id: string }) => t._id)).toEqual(['t2', 't1']);

    const blob = await dp.getProtectionEvidence('r-ivy-2');
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PNG);

    const decided = await dp.decideProtection('u1', { status: 'rejected', reason: '  Too old. ' });
    expect(decided).toMatchObject({ status: 'rejected', reason: 'Too old.', decidedBy: ada });
    const patch = api.calls.find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ status: 'rejected', reason: 'Too old.' });
  });

  it("translates the server's refusal by its code", async () => {
    const dp = provider(fakeApi(), 'de');
    await expect(dp.decideProtection('u1', { status: 'accepted', reason: 'Fine.' })).rejects.toMatchObject({
      status: 404,
      message: 'Kein Antrag wartet auf eine Entscheidung.',
    });
  });
});
