import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { KycList } from '../../src-backoffice/resources/kyc/KycList';
import { KycShow } from '../../src-backoffice/resources/kyc/KycShow';

const USER_ID = '22222222-2222-4222-8222-222222222222';
const VERIFICATION_ID = '33333333-3333-4333-8333-333333333333';
const FRONT = '44444444-4444-4444-8444-444444444444';
const SELFIE = '55555555-5555-4555-8555-555555555555';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

const person = { id: USER_ID, firstName: 'Ivy', lastName: 'Investor', email: 'ivy@example.com' };
const detail = (fields: object = {}) => ({
  id: VERIFICATION_ID,
  user: { ...person, role: 'user', kycStatus: 'pending' },
  status: 'pending',
  provider: 'builtin',
  submittedAt: '2026-03-02T09:30:00.000Z',
  decidedAt: null,
  reason: null,
  documentType: 'passport',
  dateOfBirth: '1990-04-12',
  nationality: 'DE',
  address: 'Hauptstr. 1, 10115 Berlin',
  documents: [
    {
      id: FRONT,
      kind: 'documentFront',
      mimeType: 'image/png',
      sizeBytes: 8,
      url: `/api/kyc/admin/documents/${FRONT}`,
    },
    {
      id: SELFIE,
      kind: 'selfie',
      mimeType: 'application/pdf',
      sizeBytes: 15,
      url: `/api/kyc/admin/documents/${SELFIE}`,
    },
  ],
  decisions: [
    {
      status: 'rejected',
      reason: 'The photo of the passport is blurred.',
      decidedAt: '2026-02-20T10:00:00.000Z',
      decidedBy: { id: 'admin-1', email: 'admin@example.com' },
    },
  ],
  ...fields,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeApi(
  patchAnswer: () => Response = () => json({ message: 'Updated successfully', data: detail() }),
) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push(request.clone());
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    if (key === `GET /api/kyc/admin/${USER_ID}`) return json({ data: detail() });
    if (key === `PATCH /api/kyc/admin/${USER_ID}`) return patchAnswer();
    if (key === `GET /api/kyc/admin/documents/${FRONT}`)
      return new Response(PNG, { headers: { 'Content-Type': 'image/png' } });
    if (key === `GET /api/kyc/admin/documents/${SELFIE}`)
      return new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } });
    if (key === 'GET /api/kyc/admin') {
      const {
        documents: _d,
        decisions: _x,
        documentType: _t,
        dateOfBirth: _b,
        nationality: _n,
        address: _a,
        ...row
      } = detail();
      return json({
        data: [{ ...row, user: person }],
        pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
      });
    }
    return json({ message: 'Not found.', code: 'common.not_found' }, 404);
  });
  return { fetch, calls };
}

function renderAt(path: string, api: ReturnType<typeof fakeApi>) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'admin', client, i18n: i18nProvider.i18n });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <ResourceContextProvider value="kyc">
          <Routes>
            <Route path="/kyc" element={<KycList />} />
            <Route path="/kyc/:id/show" element={<KycShow />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const blobUrls = new Map<string, Blob>();
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    n += 1;
    const url = `blob:http://backoffice.test/doc-${n}`;
    blobUrls.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  blobUrls.clear();
});

describe('Verifications list', () => {
  it('opens on the queue: pending, oldest submission first, one row per person linking to the person', async () => {
    const api = fakeApi();
    renderAt('/kyc', api);
    expect(await screen.findByText('Ivy Investor')).toBeInTheDocument();
    const list = api.calls.find((r) => new URL(r.url).pathname === '/api/kyc/admin')!;
    const query = new URL(list.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      status: 'pending',
      sortBy: 'submittedAt',
      order: 'asc',
      page: '1',
      limit: '10',
    });
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/kyc/${USER_ID}/show`);
  });
});

describe('Verifications list on a phone', () => {
  it('is a simple list (no table to scroll sideways) linking to the person', async () => {
    // A 390 px wide screen: every "down(sm)" media query matches.
    const matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
    onTestFinished(() => {
      delete (window as { matchMedia?: unknown }).matchMedia;
    });
    renderAt('/kyc', fakeApi());
    const link = await screen.findByRole('link', { name: /Ivy Investor/ });
    expect(link).toHaveAttribute('href', `/kyc/${USER_ID}/show`);
    expect(link).toHaveTextContent('ivy@example.com · Pending');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Verification page', () => {
  it('shows the stated data, the documents (image shown, PDF opened) and every earlier decision', async () => {
    const api = fakeApi();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderAt(`/kyc/${USER_ID}/show`, api);
    expect(await screen.findByText('Hauptstr. 1, 10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('Passport')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('Apr 12, 1990')).toBeInTheDocument();

    // The image, fetched through the admin-only route, shown from an object URL.
    const image = await screen.findByRole('img', { name: 'Front of the document of Ivy Investor' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(blobUrls.get(image.getAttribute('src')!)?.type).toBe('image/png');
    const fetched = api.calls.filter((r) => r.url.includes('/api/kyc/admin/documents/')).map((r) => r.url);
    expect(fetched.sort()).toEqual(
      [
        `http://backoffice.test/api/kyc/admin/documents/${FRONT}`,
        `http://backoffice.test/api/kyc/admin/documents/${SELFIE}`,
      ].sort(),
    );

    // The PDF opens in the browser's own viewer, in a new tab.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the PDF' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target] = open.mock.calls[0]!;
    expect(target).toBe('_blank');
    expect(blobUrls.get(String(url))?.type).toBe('application/pdf');

    const decisions = screen.getByRole('table', { name: 'Decisions' });
    expect(within(decisions).getByText('The photo of the passport is blurred.')).toBeInTheDocument();
    expect(within(decisions).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(decisions).getByText('Rejected')).toBeInTheDocument();
  });

  it('rejects only with a reason, after a confirmation naming the person', async () => {
    const api = fakeApi(() =>
      json({
        message: 'Updated successfully',
        data: detail({ status: 'rejected', reason: 'Expired passport.' }),
      }),
    );
    renderAt(`/kyc/${USER_ID}/show`, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the verification of Ivy Investor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('A reason is required to reject a verification.'),
    ).toBeInTheDocument();
    const patches = () => api.calls.filter((r) => r.method === 'PATCH');
    expect(patches()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Expired passport. ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Verification of Ivy Investor rejected.')).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
    expect(await patches()[0]!.json()).toEqual({ status: 'rejected', reason: 'Expired passport.' });
  });

  it('approves after a confirmation; a server refusal is shown translated', async () => {
    let conflict = true;
    const api = fakeApi(() =>
      conflict
        ? json({ message: 'This verification is already approved.', code: 'kyc.already_approved' }, 409)
        : json({ message: 'Updated successfully', data: detail({ status: 'complete' }) }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(`/kyc/${USER_ID}/show`, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve the verification of Ivy Investor?' });
    expect(
      within(dialog).getByText('Ivy Investor (ivy@example.com) will be verified and e-mailed.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This verification is already approved.')).toBeInTheDocument();

    conflict = false;
    dialog = screen.getByRole('dialog', { name: 'Approve the verification of Ivy Investor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Verification of Ivy Investor approved.')).toBeInTheDocument();
    const patches = api.calls.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(await patches[1]!.json()).toEqual({ status: 'complete' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
