/**
 * The key investment information sheet in the back office (EU 2020/1503 Art. 23): the company's form
 * (a section per part, what approval still needs as it types, Save, Preview), and on the admin's
 * venture page the sheet's state and the approval refused while it is incomplete.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import type { KiisFields } from '../../src-shared/contracts/kiis';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import { theme } from '../../src-shared/theme';
import KiisPage from '../../src-backoffice/corporate/ventures/kiis/KiisPage';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { VentureShow } from '../../src-backoffice/resources/ventures/VentureShow';

const ID = '33333333-3333-4333-8333-333333333333';

const PARTIAL: KiisFields = {
  ownerDescription: 'Kisumu Solar Ltd, registered in Kenya.',
  management: '',
  responsiblePersons: 'Amina Otieno, managing director.',
  responsibilityStatement: 'No information has been omitted.',
  activities: 'Solar kiosks.',
  keyFigures: [{ year: 2025, turnover: 640000, netProfit: 47000, totalAssets: 530000 }],
  projectDescription: '120 new kiosks.',
  risks: [{ kind: 'project', description: 'Delays in the rainy season.' }],
  useOfFunds: '',
};

const venture = {
  _id: ID,
  title: 'Solar kiosks',
  shortDescription: 'Kiosks',
  longDescription: 'Kiosks',
  collateralDescription: 'Kiosks',
  country: 'KE',
  ventureType: 'sme',
  riskLevel: 'medium',
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  targetAmount: 10000,
  amountFunded: 0,
  expectedReturn: 8.5,
  investmentPeriod: 12,
  closingDate: '2030-01-31T00:00:00.000Z',
  collateralValue: 6000,
  loanToValue: 60,
  isConvertible: false,
  tags: [],
  images: [],
  lifecycleStatus: 'coming-soon',
  visibility: 'public',
  adminStatus: 'pending',
  adminNotes: null,
  adminReviewedAt: null,
  cancelledAt: null,
  cancelReason: null,
  dateIssued: null,
  goesLiveAt: null,
  createdBy: {
    companyName: 'Kisumu Solar Ltd',
    firstName: 'Amina',
    lastName: 'Otieno',
    email: 'a@example.com',
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

type Handler = (request: Request) => Response | Promise<Response>;

/** The API: the venture (either path), its draft sheet, and `extra` (method + path). */
function fakeApi(fields: KiisFields, extra: Record<string, Handler> = {}, publishedAt: string | null = null) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    calls.push({
      method: request.method,
      path: url.pathname,
      ...(request.method !== 'GET' && { body: await request.clone().json() }),
    });
    if (extra[key]) return extra[key]!(request);
    if (key === `GET /api/ventures/my-ventures/${ID}` || key === `GET /api/ventures/id/${ID}`)
      return Response.json({ data: venture });
    if (key === `GET /api/ventures/my-ventures/${ID}/kiis`)
      return Response.json({
        data: {
          fields,
          complete: false,
          missing: ['management', 'risks', 'useOfFunds'],
          updatedAt: '2026-01-03T00:00:00.000Z',
          publishedAt,
        },
      });
    if (key === 'GET /api/investments/admin')
      return Response.json({ data: [], pagination: { page: 1, limit: 100, total: 0, totalPages: 0 } });
    return Response.json({ message: 'Not found.', code: 'common.not_found' }, { status: 404 });
  });
  return { fetch, calls };
}

function renderPage(api: ReturnType<typeof fakeApi>, app: 'corporate' | 'admin', path: string, lang = 'en') {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n(lang as 'en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app, client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <Routes>
          {/* As in the corporate app: a custom route, outside any resource. */}
          <Route path="/ventures/:ventureId/kiis" element={<KiisPage />} />
          <Route
            path="/ventures/:id/show"
            element={
              <ResourceContextProvider value="ventures">
                <VentureShow />
              </ResourceContextProvider>
            }
          />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const missingList = async () => {
  const status = await screen.findByRole('status');
  return within(status)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
};

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the company’s KIIS page', () => {
  it('lists what approval still needs, and updates the list as the company types', async () => {
    renderPage(fakeApi(PARTIAL), 'corporate', `/ventures/${ID}/kiis`);
    expect(await screen.findByText(/Investors read this sheet before they invest/)).toBeInTheDocument();
    for (const part of [
      'Part A: The project owner',
      'Part B: The crowdfunding project',
      'Part C: Risk factors',
    ])
      expect(screen.getByRole('heading', { name: part })).toBeInTheDocument();
    expect(await missingList()).toEqual(['Management', 'Risks (at least two)', 'Use of funds']);

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Use of funds' }), 'Kiosks 70 %, batteries 30 %.');
    await user.type(screen.getByRole('textbox', { name: 'Management' }), 'Amina Otieno.');
    await waitFor(async () => expect(await missingList()).toEqual(['Risks (at least two)']));
    const descriptions = screen.getAllByRole('textbox', { name: /^Description/ });
    expect(descriptions).toHaveLength(2);
    await user.type(descriptions[1]!, 'The company may not repay.');
    expect(await screen.findByText('Complete: an admin can approve the venture.')).toBeInTheDocument();
    expect(
      screen.getByText('Not published yet: the sheet is published when an admin approves the venture.'),
    ).toBeInTheDocument();
  });

  it('saves the whole draft: the filled key-figure rows and the risks with a description', async () => {
    const api = fakeApi(PARTIAL, {
      [`PUT /api/ventures/my-ventures/${ID}/kiis`]: () =>
        Response.json({ data: { complete: false, missing: ['management', 'risks'] } }),
    });
    renderPage(api, 'corporate', `/ventures/${ID}/kiis`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Use of funds' }), 'Kiosks.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Information sheet saved.')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/api/ventures/my-ventures/${ID}/kiis`);
    expect(put?.body).toEqual({ ...PARTIAL, useOfFunds: 'Kiosks.' });
  });

  it('refuses a key-figure row half filled, before sending anything', async () => {
    const api = fakeApi(PARTIAL);
    renderPage(api, 'corporate', `/ventures/${ID}/kiis`);
    const user = userEvent.setup();
    const years = await screen.findAllByRole('spinbutton', { name: 'Year' });
    expect(years).toHaveLength(3);
    await user.type(years[1]!, '2024');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('Fill in every figure of this year, or leave the row empty.')).length,
    ).toBeGreaterThan(0);
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s refusal on the field it names', async () => {
    const api = fakeApi(PARTIAL, {
      [`PUT /api/ventures/my-ventures/${ID}/kiis`]: () =>
        Response.json(
          {
            message: 'At most 2000 characters.',
            code: 'kiis.too_long',
            errors: { ownerDescription: 'At most 2000 characters.' },
            codes: { ownerDescription: 'kiis.too_long' },
          },
          { status: 400 },
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(api, 'corporate', `/ventures/${ID}/kiis`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Project owner' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('At most 2000 characters.'));
  });

  it('previews the saved draft as PDF in the reader’s language, in German too', async () => {
    renderPage(fakeApi(PARTIAL), 'corporate', `/ventures/${ID}/kiis`, 'de');
    const preview = await screen.findByRole('link', { name: 'Vorschau (PDF)' });
    expect(preview).toHaveAttribute('href', `/api/ventures/${ID}/kiis?lang=de&preview=true`);
    expect(preview).toHaveAttribute('target', '_blank');
    expect(await missingList()).toEqual([
      'Geschäftsführung',
      'Risiken (mindestens zwei)',
      'Mittelverwendung',
    ]);
  });
});

describe('the admin’s venture page', () => {
  it('shows the sheet’s state and links, and the approval refused while it is incomplete', async () => {
    const api = fakeApi(
      PARTIAL,
      {
        [`PATCH /api/ventures/admin/${ID}/admin-status-update`]: () =>
          Response.json(
            {
              message: 'The key investment information sheet is incomplete: Management, Risks, Use of funds.',
              code: 'venture.kiis_incomplete',
              params: { missing: 'Management, Risks, Use of funds' },
              errors: {
                management: 'Management is required',
                risks: 'Risks is required',
                useOfFunds: 'Use Of Funds is required',
              },
              codes: {
                management: 'venture.field_required',
                risks: 'venture.field_required',
                useOfFunds: 'venture.field_required',
              },
            },
            { status: 409 },
          ),
      },
      '2026-01-02T10:00:00.000Z',
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(api, 'admin', `/ventures/${ID}/show`);
    expect(
      await screen.findByText('Incomplete. Missing: Management, Risks (at least two), Use of funds'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Published sheet (PDF)' })).toHaveAttribute(
      'href',
      `/api/ventures/${ID}/kiis?lang=en`,
    );
    expect(screen.getByRole('link', { name: 'Draft (PDF preview)' })).toHaveAttribute(
      'href',
      `/api/ventures/${ID}/kiis?lang=en&preview=true`,
    );
    expect(
      screen.getByText(
        'The company changed it after publication: approving the venture again publishes the new version.',
      ),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    // The review decision is in the page's top toolbar (issue 30, item 7).
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const refusal =
      'Approval refused: the key investment information sheet is incomplete. Missing: Management, Risks (at least two), Use of funds.';
    // In the decision's dialog (and in a toast): the refusal names the missing fields in the reader's words.
    await waitFor(() => expect(screen.getAllByText(refusal).length).toBeGreaterThanOrEqual(1));
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});
