/**
 * The authorization matrix (issue 17, point 1): ONE table with a row for every route the app serves
 * (`app.servedRoutes`, the production route set: API, OpenAPI viewer, uploads and the web entries)
 * and the status each role gets from it. A served route without a row, or a row for a route that is
 * not served, fails the first test; so a new route cannot ship without someone deciding who may
 * call it.
 *
 * Each cell sends the row's request as that role (`fx.send`), with a valid body, so the
 * authorization layer decides, and with ids of records that belong to the owner corporate (or are
 * made for the request): for the other roles that is another person's id. Then:
 * - the status must be the cell's ('2xx' is any success);
 * - a refusal (401, 403, 404) answers `{ message, code }` and changes no row of any table and no
 *   file under DATA_DIR (`fx.snapshot()` before and after);
 * - a GET is sent again as HEAD, with the same status;
 * - a 401 or a role's 403 comes before validation: the request is sent again with a malformed id
 *   and a malformed JSON body and must get the same status (the contract's order: 401, 403, then
 *   400/404). `ruleCells` lists the 403s decided by a rule of the handler instead (identity not
 *   verified; only a superadmin grants the admin role), which come after validation.
 *
 * Columns: visitor | investor (identity not verified) | verified investor | owner corporate |
 * other corporate | admin | superadmin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildFixtures, FAR_FUTURE, ROLES, type Fixtures, type RoleName } from './authz-fixtures';
import { multipart } from './multipart';
import { TEST_PASSWORD } from './context';
import { QUESTIONS } from '../../src-server/modules/protection/questions';
import { COMPLETE_KIIS } from '../support/kiis';
import { deposit } from './money-helpers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Status = number | '2xx';
const OK = '2xx' as const;
type Cells = [Status, Status, Status, Status, Status, Status, Status];

interface Req {
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Another cookie of the same person (logout and login end the session they carry). */
  cookie?: string;
}
type Builder = (fx: Fixtures, role: RoleName) => Req | Promise<Req>;

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  cells: Cells;
  send?: Builder;
  /** Cells whose 403 is a rule of the handler (after validation), not the route's role guard. */
  ruleCells?: RoleName[];
}

const ADMIN_ONLY: Cells = [401, 403, 403, 403, 403, OK, OK];
const EVERYONE = (status: Status): Cells => [status, status, status, status, status, status, status];

const row = (
  method: Row['method'],
  url: string,
  cells: Cells,
  send?: Builder,
  extra: Partial<Row> = {},
): Row => ({
  method,
  url,
  cells,
  ...(send ? { send } : {}),
  ...extra,
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}@example.com`;

const ventureBody = () => ({
  title: 'Matrix venture',
  shortDescription: 'Short.',
  longDescription: 'Long.',
  collateralDescription: 'Equipment.',
  country: 'KE',
  ventureType: 'business',
  targetAmount: 50000,
  expectedReturn: 12,
  investmentPeriod: 24,
  closingDate: FAR_FUTURE(),
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  collateralValue: 70000,
  loanToValue: 71.43,
  tags: ['solar'],
});

const profileBody = (fx: Fixtures, role: RoleName) => {
  const user = fx.people[role].user;
  return {
    firstName: user?.firstName ?? 'Nobody',
    lastName: user?.lastName ?? 'Nobody',
    email: user?.email ?? 'nobody@example.com',
    phone: user?.phone ?? '+1 555 0000',
    countryName: user?.countryName || 'Poland',
    city: user?.role === 'user' ? user.city : null,
    address: user?.address ?? 'Nowhere 1',
    newsletterFrequency: 'monthly',
  };
};

const multipartReq = (parts: ReturnType<typeof multipart>, url?: string): Req => ({
  ...(url ? { url } : {}),
  payload: parts.payload,
  headers: parts.headers,
});

/** The knowledge test answered: every answer right, or every answer wrong. */
const testAnswers = (right: boolean) =>
  Object.fromEntries(
    QUESTIONS.map((q) => [q.id, right ? q.correct : q.options.find((o) => o.id !== q.correct)!.id]),
  );
const INVESTOR_ONLY: Cells = [401, OK, OK, 403, 403, 403, 403];
const sophisticatedForm = (fx: Fixtures) =>
  multipart([{ field: 'evidence', filename: 'evidence.png', content: fx.png, type: 'image/png' }], {
    criteria: ['income_or_portfolio', 'executive_position'],
  });

// Deposits and withdrawals (issue 27): the verified investor's withdrawals, made for each request.
const PAYMENTS_IBAN = 'DE89370400440532013000';
async function verifiedWithdrawal(fx: Fixtures): Promise<string> {
  const verified = fx.people.verified.user!.id;
  await fx.send('verified', {
    method: 'PUT',
    url: '/api/payments/bank-account',
    payload: { iban: PAYMENTS_IBAN, holderName: 'Vera Verified' },
  });
  await deposit(fx.t, verified, 100n);
  const res = await fx.send('verified', {
    method: 'POST',
    url: '/api/payments/withdrawals',
    payload: { amount: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}
async function approvedWithdrawal(fx: Fixtures): Promise<string> {
  const id = await verifiedWithdrawal(fx);
  const res = await fx.send('admin', {
    method: 'PATCH',
    url: `/api/admin/withdrawals/${id}`,
    payload: { status: 'approved' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
let statementSeq = 0;
/** A camt.053 of one credit without a reference (unmatched), with a bank reference of its own. */
function oneEntryStatement(): ReturnType<typeof multipart> {
  statementSeq += 1;
  const xml = readFileSync(join(__dirname, 'fixtures', 'camt053-statement.xml'), 'utf8')
    .replace(/<Ntry>[\s\S]*<\/Ntry>/, (all) => {
      const entries = all.split('</Ntry>');
      return `${entries.find((e) => e.includes('Invoice 4711'))!.trim()}</Ntry>`;
    })
    .replace('2026112600000106', `MATRIX${Date.now()}${statementSeq}`);
  return multipart([
    { field: 'file', filename: 'camt053.xml', content: Buffer.from(xml), type: 'application/xml' },
  ]);
}
async function unmatchedEntry(fx: Fixtures): Promise<string> {
  const form = oneEntryStatement();
  const res = await fx.send('admin', {
    method: 'POST',
    url: '/api/admin/bank-statements',
    payload: form.payload,
    headers: form.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.unmatched[0]._id as string;
}

// visitor | investor | verified | owner | otherCorp | admin | superadmin
const ROUTES: Row[] = [
  // Operations, the OpenAPI viewer, uploads and the web entries: public.
  row('GET', '/api/health', EVERYONE(200)),
  row('GET', '/api/health/live', EVERYONE(200)),
  row('GET', '/api/health/ready', EVERYONE(200)),
  row('GET', '/api/docs', EVERYONE(200)),
  row('GET', '/api/docs/', EVERYONE(200)),
  row('GET', '/api/docs/static/index.html', EVERYONE(302)),
  row('GET', '/api/docs/static/swagger-initializer.js', EVERYONE(200)),
  row('GET', '/api/docs/json', EVERYONE(200)),
  row('GET', '/api/docs/yaml', EVERYONE(200)),
  row('GET', '/api/docs/static/*', EVERYONE(200), () => ({ url: '/api/docs/static/swagger-ui.css' })),
  row('GET', '/uploads/*', EVERYONE(200), (fx) => ({
    url: `/uploads/ventures/${fx.ventures.ownerPublic}/cover.jpg`,
  })),
  row('GET', '/', EVERYONE(200)),
  row('GET', '/*', EVERYONE(200), () => ({ url: '/portfolio' })),

  // Auth: open to anyone (a signed-in person may register another account or sign in again).
  row('POST', '/api/auth/register', EVERYONE(201), () => ({
    payload: {
      firstName: 'Reg',
      lastName: 'Istered',
      email: unique('register'),
      phone: '+48 600 100 200',
      countryName: 'Poland',
      city: 'Kraków',
      address: 'ul. Floriańska 1',
      password: 'a-strong-password',
      acceptTerms: true,
    },
  })),
  row('POST', '/api/auth/register-corporate', EVERYONE(201), () => ({
    payload: {
      firstName: 'Kwame',
      lastName: 'Mensah',
      email: unique('corporate'),
      phone: '+233 20 000 0000',
      companyName: 'Volta Foods Ltd',
      legalForm: 'Ltd',
      registrationNumber: 'CS-123456',
      countryName: 'Ghana',
      registeredAddress: '12 Independence Ave, Accra',
      companyEmail: 'finance@volta.example',
      companyPhone: '+233 30 000 0000',
      password: 'a-strong-password',
      acceptTerms: true,
    },
  })),
  // An unknown address: the code cannot match (400), whoever asks.
  row('POST', '/api/auth/verify-email', EVERYONE(400), () => ({
    payload: { email: unique('nobody'), token: '123456' },
  })),
  row('POST', '/api/auth/resend-verification-token', EVERYONE(200), () => ({
    payload: { email: unique('nobody') },
  })),
  row('POST', '/api/auth/login', EVERYONE(200), async (fx, role) => {
    const person = await fx.t.createUser({});
    return { payload: { email: person.email, password: TEST_PASSWORD }, cookie: await fx.extraCookie(role) };
  }),
  row('POST', '/api/auth/forgot-password', EVERYONE(200), () => ({ payload: { email: unique('nobody') } })),
  row('POST', '/api/auth/reset-password', EVERYONE(400), () => ({
    payload: { email: unique('nobody'), token: '123456', newPassword: 'another-password' },
  })),
  // Second factor (lane 2fa). The fixtures' admins have one enrolled: a new setup is a conflict.
  row('POST', '/api/auth/2fa/setup', [401, OK, OK, OK, OK, 409, 409]),
  // A setup first, then a wrong code (400); an admin's factor is already on (409).
  row('POST', '/api/auth/2fa/enable', [401, 400, 400, 400, 400, 409, 409], async (fx, role) => {
    if (role !== 'visitor') await fx.send(role, { method: 'POST', url: '/api/auth/2fa/setup' });
    return { payload: { code: '000000' } };
  }),
  // Nobody but the admins has a factor on (409); admins may never turn theirs off (403, a rule).
  row(
    'POST',
    '/api/auth/2fa/disable',
    [401, 409, 409, 409, 409, 403, 403],
    () => ({ payload: { password: TEST_PASSWORD, code: '000000' } }),
    { ruleCells: ['admin', 'superadmin'] },
  ),
  row('POST', '/api/auth/logout', EVERYONE(200), async (fx, role) => ({
    cookie: await fx.extraCookie(role),
  })),
  row('GET', '/api/profile/get', [401, OK, OK, OK, OK, OK, OK]),
  row('PUT', '/api/profile/update', [401, OK, OK, OK, OK, OK, OK], (fx, role) => ({
    payload: profileBody(fx, role),
  })),
  // No e-mail change is waiting: the code is refused (400) once signed in.
  row('POST', '/api/profile/confirm-email', [401, 400, 400, 400, 400, 400, 400], () => ({
    payload: { token: '123456' },
  })),

  // Ventures.
  row('GET', '/api/ventures', EVERYONE(200)),
  // The owner's draft: only its owner and admins know it exists.
  row('GET', '/api/ventures/id/:ventureId', [404, 404, 404, OK, 404, OK, OK], (fx) => ({
    url: `/api/ventures/id/${fx.ventures.ownerDraft}`,
  })),
  row('POST', '/api/ventures', [401, 403, 403, 201, 201, 403, 403], () => ({ payload: ventureBody() })),
  row('PATCH', '/api/ventures/id/:ventureId', [401, 403, 403, OK, 404, OK, OK], (fx, role) => ({
    url: `/api/ventures/id/${fx.ventures.ownerDraft}`,
    payload: { shortDescription: `Edited by ${role}` },
  })),
  row('PATCH', '/api/ventures/id/:ventureId/upload-image', [401, 403, 403, OK, 404, OK, OK], async (fx) =>
    multipartReq(
      multipart([{ filename: 'a.png', content: fx.png, type: 'image/png' }]),
      `/api/ventures/id/${await fx.ownerVenture()}/upload-image`,
    ),
  ),
  row('PATCH', '/api/ventures/:ventureId/delete-image', [401, 403, 403, OK, 404, OK, OK], async (fx) => {
    const imageUrl = '/uploads/ventures/matrix/a.jpg';
    const id = await fx.ownerVenture({ images: [imageUrl] });
    return { url: `/api/ventures/${id}/delete-image`, payload: { imageUrl } };
  }),
  row('GET', '/api/ventures/my-ventures', [401, 403, 403, OK, OK, 403, 403]),
  row('GET', '/api/ventures/my-ventures/:ventureId', [401, 403, 403, OK, 404, 403, 403], (fx) => ({
    url: `/api/ventures/my-ventures/${fx.ventures.ownerPublic}`,
  })),
  row(
    'GET',
    '/api/ventures/my-ventures/:ventureId/investments',
    [401, 403, 403, OK, 404, 403, 403],
    (fx) => ({
      url: `/api/ventures/my-ventures/${fx.ventures.ownerPublic}/investments`,
    }),
  ),
  // The key investment information sheet: its company drafts it, admins read the draft; the PDF
  // follows GET /api/ventures/id/{id} (a draft venture's sheet only for its owner and admins).
  row('GET', '/api/ventures/my-ventures/:ventureId/kiis', [401, 403, 403, OK, 404, OK, OK], (fx) => ({
    url: `/api/ventures/my-ventures/${fx.ventures.ownerPublic}/kiis`,
  })),
  row('PUT', '/api/ventures/my-ventures/:ventureId/kiis', [401, 403, 403, OK, 404, 403, 403], (fx) => ({
    url: `/api/ventures/my-ventures/${fx.ventures.ownerDraft}/kiis`,
    payload: COMPLETE_KIIS,
  })),
  row('GET', '/api/ventures/:ventureId/kiis', [404, 404, 404, OK, 404, OK, OK], (fx) => ({
    url: `/api/ventures/${fx.ventures.ownerDraft}/kiis?lang=de`,
  })),
  row('GET', '/api/ventures/admin-get-all', ADMIN_ONLY),
  row('PATCH', '/api/ventures/admin/:ventureId/admin-status-update', ADMIN_ONLY, (fx) => ({
    url: `/api/ventures/admin/${fx.ventures.ownerSubmitted}/admin-status-update`,
    payload: { adminStatus: 'under-review', adminNotes: fx.ownerNotes },
  })),
  row('POST', '/api/ventures/admin/:ventureId/close-funding', ADMIN_ONLY, async (fx) => ({
    url: `/api/ventures/admin/${await fx.ventureWithInvestment()}/close-funding`,
  })),
  row('POST', '/api/ventures/admin/:ventureId/cancel', ADMIN_ONLY, async (fx) => ({
    url: `/api/ventures/admin/${await fx.ventureWithInvestment()}/cancel`,
    payload: { reason: 'The company withdrew.' },
  })),
  row('POST', '/api/ventures/admin/:ventureId/repayments', ADMIN_ONLY, async (fx) => ({
    url: `/api/ventures/admin/${await fx.fundedVenture()}/repayments`,
    payload: { amount: 1, note: 'Bank transfer' },
  })),

  // Loan servicing (a funded venture of the owner; the verified investor holds its one investment).
  row('GET', '/api/ventures/:ventureId/schedule', [401, 404, OK, OK, 404, OK, OK], async (fx) => ({
    url: `/api/ventures/${await fx.fundedVenture()}/schedule`,
  })),
  // The owner pays from its balance (its loan's €50.00 was paid out to it).
  row(
    'POST',
    '/api/ventures/my-ventures/:ventureId/repay',
    [401, 403, 403, 201, 404, 403, 403],
    async (fx) => ({
      url: `/api/ventures/my-ventures/${await fx.fundedVenture()}/repay`,
      payload: { amount: 1 },
    }),
  ),
  row('POST', '/api/ventures/admin/:ventureId/default', ADMIN_ONLY, async (fx) => ({
    url: `/api/ventures/admin/${await fx.fundedVenture()}/default`,
    payload: { reason: 'The company stopped trading.' },
  })),
  row('POST', '/api/ventures/admin/:ventureId/recoveries', ADMIN_ONLY, async (fx) => {
    const id = await fx.fundedVenture();
    const declared = await fx.send('admin', {
      method: 'POST',
      url: `/api/ventures/admin/${id}/default`,
      payload: { reason: 'The company stopped trading.' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    return {
      url: `/api/ventures/admin/${id}/recoveries`,
      payload: { amount: 10, costs: 1, note: 'Collateral sold.' },
    };
  }),
  row('POST', '/api/ventures/admin/:ventureId/write-off', ADMIN_ONLY, async (fx) => ({
    url: `/api/ventures/admin/${await fx.fundedVenture()}/write-off`,
    payload: { reason: 'Nothing left to recover.' },
  })),
  row('GET', '/api/admin/servicing', ADMIN_ONLY),
  row('GET', '/api/admin/servicing/:ventureId', ADMIN_ONLY, async (fx) => ({
    url: `/api/admin/servicing/${await fx.fundedVenture()}`,
  })),
  row('GET', '/api/admin/business-date', ADMIN_ONLY),
  // Only a superadmin moves the business date (to today's: nothing to close).
  row('PUT', '/api/admin/business-date', [401, 403, 403, 403, 403, 403, OK], (fx) => ({
    payload: { date: fx.t.ctx.clock.today() },
  })),
  // The verified investor's own investment; anyone else's id is not found.
  row('GET', '/api/investments/:investmentId', [401, 404, OK, 403, 403, 403, 403], async (fx) => {
    const id = await fx.fundedVenture();
    const { rows } = await fx.t.database.pool.query<{ id: string }>(
      'SELECT id FROM investments WHERE venture_id = $1',
      [id],
    );
    return { url: `/api/investments/${rows[0]!.id}` };
  }),
  // Revoking within the reflection period (Art. 22): the verified investor's own; anyone else's is not found.
  row('POST', '/api/investments/:investmentId/revoke', [401, 404, OK, 403, 403, 403, 403], async (fx) => {
    const id = await fx.ventureWithInvestment(true);
    const { rows } = await fx.t.database.pool.query<{ id: string }>(
      'SELECT id FROM investments WHERE venture_id = $1',
      [id],
    );
    return { url: `/api/investments/${rows[0]!.id}/revoke` };
  }),

  // Balances.
  row('GET', '/api/balances/my-balance', [401, OK, OK, OK, OK, 403, 403]),
  row('GET', '/api/balances', ADMIN_ONLY),
  row('GET', '/api/balances/all-histories', ADMIN_ONLY),
  row('GET', '/api/balances/:userId/history', [401, 404, 404, OK, 404, OK, OK], (fx) => ({
    url: `/api/balances/${fx.people.owner.user!.id}/history`,
  })),
  row('POST', '/api/balances/add-balance/:userId', ADMIN_ONLY, async (fx) =>
    multipartReq(
      multipart([], { amount: '12.34', note: 'Matrix deposit' }),
      `/api/balances/add-balance/${(await fx.t.createUser({})).id}`,
    ),
  ),
  // The proof of the owner's deposit: admins only (404 to anyone else, the owner too).
  row('GET', '/api/balances/proofs/:transactionId', [401, 404, 404, 404, 404, OK, OK], (fx) => ({
    url: `/api/balances/proofs/${fx.ownerProofTransaction}`,
  })),

  // Identity verification.
  row('GET', '/api/kyc/my-verification', [401, OK, OK, OK, OK, 403, 403]),
  // The verified investor is verified, the owner's documents wait for review: 409.
  row('POST', '/api/kyc/start-verification', [401, OK, 409, 409, OK, 403, 403]),
  // The link's token is the credential: whoever holds it (the stranger's live link).
  row('GET', '/api/kyc/session/:token', EVERYONE(200), (fx) => ({
    url: `/api/kyc/session/${fx.liveKycToken}`,
  })),
  row('POST', '/api/kyc/session/:token', EVERYONE(404), (fx) =>
    multipartReq(
      multipart(
        [
          { field: 'documentFront', filename: 'p.png', content: fx.png, type: 'image/png' },
          { field: 'selfie', filename: 's.png', content: fx.png, type: 'image/png' },
        ],
        { documentType: 'passport', dateOfBirth: '1980-01-01', nationality: 'DE', address: 'Somewhere 12' },
      ),
      `/api/kyc/session/${'A'.repeat(43)}`,
    ),
  ),
  row('GET', '/api/kyc/admin', ADMIN_ONLY),
  row('GET', '/api/kyc/admin/:userId', ADMIN_ONLY, (fx) => ({
    url: `/api/kyc/admin/${fx.people.owner.user!.id}`,
  })),
  row('PATCH', '/api/kyc/admin/:userId', ADMIN_ONLY, async (fx) => ({
    url: `/api/kyc/admin/${(await fx.t.createUser({})).id}`,
    payload: { status: 'complete' },
  })),
  row('GET', '/api/kyc/admin/documents/:documentId', [401, 404, 404, 404, 404, OK, OK], (fx) => ({
    url: `/api/kyc/admin/documents/${fx.ownerDocuments[0]}`,
  })),
  // The built-in provider has no webhook: 404 for everybody.
  row('POST', '/api/kyc/webhook', EVERYONE(404), () => ({ payload: { id: 'e1' } })),

  // Investor protection: the investors' own calls; admins decide and read (the stranger's request).
  row('GET', '/api/protection/me', INVESTOR_ONLY),
  row('GET', '/api/protection/knowledge-test', INVESTOR_ONLY),
  row('POST', '/api/protection/knowledge-test', INVESTOR_ONLY, () => ({
    payload: { answers: testAnswers(true) },
  })),
  // After a failed test of the role's person (the attempt is made before the cell is sent).
  row('POST', '/api/protection/risk-acknowledgement', INVESTOR_ONLY, async (fx, role) => {
    await fx.send(role, {
      method: 'POST',
      url: '/api/protection/knowledge-test',
      payload: { answers: testAnswers(false) },
    });
    return { payload: { acknowledged: true } };
  }),
  row('POST', '/api/protection/loss-simulation', INVESTOR_ONLY, () => ({
    payload: { annualIncome: 40000, liquidAssets: 5000, annualCommitments: 12000 },
  })),
  row('POST', '/api/protection/sophisticated-request', [401, 201, 201, 403, 403, 403, 403], (fx) =>
    multipartReq(sophisticatedForm(fx)),
  ),
  row('GET', '/api/admin/protection', ADMIN_ONLY),
  row('GET', '/api/admin/protection/requests/:requestId/evidence', ADMIN_ONLY, (fx) => ({
    url: `/api/admin/protection/requests/${fx.strangerProtectionRequest}/evidence`,
  })),
  // A new investor's pending request for each cell.
  row('PATCH', '/api/admin/protection/:userId', ADMIN_ONLY, async (fx) => {
    const who = await fx.t.injectAs('user');
    const form = sophisticatedForm(fx);
    const sent = await who.inject({
      method: 'POST',
      url: '/api/protection/sophisticated-request',
      payload: form.payload,
      headers: form.headers,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return {
      url: `/api/admin/protection/${who.user!.id}`,
      payload: { status: 'accepted', reason: 'Evidence checked.' },
    };
  }),
  row('GET', '/api/admin/protection/:userId/history', ADMIN_ONLY, (fx) => ({
    url: `/api/admin/protection/${fx.people.verified.user!.id}/history`,
  })),

  // Investments.
  row(
    'POST',
    '/api/investments',
    [401, 403, 201, 403, 403, 403, 403],
    (fx) => ({
      payload: { ventureId: fx.ventures.ownerPublic, amount: 50 },
    }),
    { ruleCells: ['investor'] },
  ),
  row('GET', '/api/investments/my-investments', [401, OK, OK, 403, 403, 403, 403]),
  row('GET', '/api/investments/admin', ADMIN_ONLY),

  // Dashboards and the admin overview.
  row('GET', '/api/dashboard/investor', [401, OK, OK, 403, 403, 403, 403]),
  row('GET', '/api/dashboard/corporate', [401, 403, 403, OK, OK, 403, 403]),
  row('GET', '/api/admin/overview', ADMIN_ONLY),

  // Users (admins); only a superadmin grants the admin role.
  row('GET', '/api/users', ADMIN_ONLY),
  row('GET', '/api/users/:id', ADMIN_ONLY, (fx) => ({ url: `/api/users/${fx.people.owner.user!.id}` })),
  row(
    'PATCH',
    '/api/users/:id',
    [401, 403, 403, 403, 403, 403, OK],
    async (fx) => ({
      url: `/api/users/${(await fx.t.createUser({})).id}`,
      payload: { role: 'admin' },
    }),
    { ruleCells: ['admin'] },
  ),

  // The contact form and its inbox.
  row('POST', '/api/contact', EVERYONE(201), () => ({
    payload: { name: 'Matrix', email: unique('contact'), subject: 'Hi', message: 'A message.' },
  })),
  row('GET', '/api/admin/mails', ADMIN_ONLY),
  row('GET', '/api/admin/mails/:id', ADMIN_ONLY, (fx) => ({ url: `/api/admin/mails/${fx.mail}` })),
  row('PATCH', '/api/admin/mails/:id', ADMIN_ONLY, (fx) => ({
    url: `/api/admin/mails/${fx.mail}`,
    payload: { status: 'read' },
  })),

  // Support tickets: the owner's ticket.
  row('POST', '/api/tickets', [401, 201, 201, 201, 201, 403, 403], () => ({
    payload: { subject: 'A question', category: 'technical', message: 'Hello.' },
  })),
  row('GET', '/api/tickets/mine', [401, OK, OK, OK, OK, 403, 403]),
  row('GET', '/api/tickets/:id', [401, 404, 404, OK, 404, OK, OK], (fx) => ({
    url: `/api/tickets/${fx.ownerTicket}`,
  })),
  row('POST', '/api/tickets/:id/messages', [401, 404, 404, 201, 404, 201, 201], (fx) => ({
    url: `/api/tickets/${fx.ownerTicket}/messages`,
    payload: { message: 'Any news?' },
  })),
  row('GET', '/api/admin/tickets', ADMIN_ONLY),
  row('PATCH', '/api/admin/tickets/:id', ADMIN_ONLY, (fx) => ({
    url: `/api/admin/tickets/${fx.ownerTicket}`,
    payload: { status: 'in_progress' },
  })),

  // Auto-invest (issue 28): the investors' own mandate.
  row('GET', '/api/auto-invest', INVESTOR_ONLY),
  row('PUT', '/api/auto-invest', INVESTOR_ONLY, () => ({
    payload: { active: false, budget: 1000, maxPerVenture: 100, riskLevels: ['low'], countries: ['KE'] },
  })),
  row('GET', '/api/auto-invest/matches', INVESTOR_ONLY, () => ({
    url: '/api/auto-invest/matches?riskLevels=low',
  })),
  row('GET', '/api/auto-invest/disclosure', INVESTOR_ONLY),

  // Deposits and withdrawals (issue 27): investors and companies for their own; admins decide.
  row('GET', '/api/payments/deposit-instructions', [401, OK, OK, OK, OK, 403, 403]),
  row('GET', '/api/payments/bank-account', [401, OK, OK, OK, OK, 403, 403]),
  row('PUT', '/api/payments/bank-account', [401, OK, OK, OK, OK, 403, 403], () => ({
    payload: { iban: PAYMENTS_IBAN, holderName: 'Vera Verified' },
  })),
  row(
    'POST',
    '/api/payments/withdrawals',
    [401, 403, 201, 403, 403, 403, 403],
    async (fx) => {
      await deposit(fx.t, fx.people.verified.user!.id, 100n);
      return { payload: { amount: 1 } };
    },
    // Identity not verified (the investor, and the companies here): a rule of the handler.
    { ruleCells: ['investor', 'owner', 'otherCorp'] },
  ),
  row('GET', '/api/payments/withdrawals/mine', [401, OK, OK, OK, OK, 403, 403]),
  row('POST', '/api/payments/withdrawals/:id/cancel', [401, 404, OK, 404, 404, 403, 403], async (fx) => ({
    url: `/api/payments/withdrawals/${await verifiedWithdrawal(fx)}/cancel`,
  })),
  row('GET', '/api/admin/withdrawals', ADMIN_ONLY),
  row('PATCH', '/api/admin/withdrawals/:id', ADMIN_ONLY, async (fx) => ({
    url: `/api/admin/withdrawals/${await verifiedWithdrawal(fx)}`,
    payload: { status: 'approved' },
  })),
  row('POST', '/api/admin/withdrawals/export', ADMIN_ONLY, async (fx) => {
    await approvedWithdrawal(fx);
    return {};
  }),
  row('GET', '/api/admin/withdrawals/exports', ADMIN_ONLY),
  row('GET', '/api/admin/withdrawals/exports/:exportId', ADMIN_ONLY, async (fx) => {
    await approvedWithdrawal(fx);
    const res = await fx.send('admin', { method: 'POST', url: '/api/admin/withdrawals/export' });
    expect(res.statusCode, res.body).toBe(200);
    return { url: `/api/admin/withdrawals/exports/${String(res.headers['x-export-id'])}` };
  }),
  row('POST', '/api/admin/bank-statements', ADMIN_ONLY, () => multipartReq(oneEntryStatement())),
  row('GET', '/api/admin/bank-statements/entries', ADMIN_ONLY),
  row('POST', '/api/admin/bank-statements/entries/:entryId/assign', ADMIN_ONLY, async (fx) => ({
    url: `/api/admin/bank-statements/entries/${await unmatchedEntry(fx)}/assign`,
    payload: { userId: fx.people.verified.user!.id },
  })),

  // Statistics.
  row('GET', '/api/statistics', EVERYONE(200)),

  // The audit log (issue 26).
  row('GET', '/api/admin/audit', ADMIN_ONLY),

  // Statements (issue 28): investors for their annual statement and investments; investors and
  // companies for their transactions and years; never admins (they read accounts in the back office).
  row('GET', '/api/statements/annual', [401, OK, OK, 403, 403, 403, 403], async (fx, role) => {
    // A year with activity (else 404 statements.no_activity): a deposit now, in this (real) year.
    if (role === 'investor' || role === 'verified') await deposit(fx.t, fx.people[role].user!.id, 100n);
    return { url: `/api/statements/annual?year=${new Date().getUTCFullYear()}&format=csv` };
  }),
  row('GET', '/api/statements/transactions', [401, OK, OK, OK, OK, 403, 403], () => ({
    url: '/api/statements/transactions?from=2026-01-01&to=2026-12-31&format=csv',
  })),
  row('GET', '/api/statements/investments', [401, OK, OK, 403, 403, 403, 403], () => ({
    url: '/api/statements/investments?format=csv',
  })),
  row('GET', '/api/statements/years', [401, OK, OK, OK, OK, 403, 403]),
];

let fx: Fixtures;
let requests = 0;
const started = Date.now();

beforeAll(async () => {
  fx = await buildFixtures();
}, 180_000);

afterAll(async () => {
  console.info(
    `authz matrix: ${ROUTES.length} rows x ${ROLES.length} roles, ${requests} requests, ${Date.now() - started} ms`,
  );
  await fx?.close();
});

async function send(role: RoleName, method: string, req: Req): Promise<LightMyRequestResponse> {
  requests += 1;
  return fx.send(role, {
    method: method as 'GET',
    url: req.url!,
    ...(req.payload !== undefined ? { payload: req.payload as string } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
    ...(req.cookie !== undefined ? { cookie: req.cookie } : {}),
  });
}

function expectStatus(res: LightMyRequestResponse, expected: Status, what: string) {
  const detail = `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (expected === OK) expect(res.statusCode >= 200 && res.statusCode < 300, detail).toBe(true);
  else expect(res.statusCode, detail).toBe(expected);
}

const isRefusal = (status: Status) => status === 401 || status === 403 || status === 404;

/** The route's path with every parameter replaced by something that names no record. */
const malformedUrl = (url: string) => url.replace(/:[A-Za-z]+/g, 'not-an-id').replace(/\*$/, 'nothing-here');

describe('the table', () => {
  it('has exactly one row for each route the app serves (HEAD follows its GET)', () => {
    const served = new Set(fx.app.servedRoutes.map((r) => `${r.method} ${r.url}`));
    const tabled = ROUTES.map((r) => `${r.method} ${r.url}`);
    expect(new Set(tabled).size, 'a route has two rows').toBe(tabled.length);
    const missing = [...served].filter((key) => {
      const [method, url] = key.split(' ');
      return method === 'HEAD' ? !tabled.includes(`GET ${url}`) : !tabled.includes(key);
    });
    const notServed = tabled.filter((key) => !served.has(key));
    expect(missing, 'served routes without a row in the matrix').toEqual([]);
    expect(notServed, 'rows for routes that are not served').toEqual([]);
    // Every GET also answers HEAD (Fastify adds it; the static routes declare it).
    const headless = tabled.filter((key) => key.startsWith('GET ') && !served.has(`HEAD ${key.slice(4)}`));
    expect(headless).toEqual([]);
  });

  it('notices a changed row: the fingerprint the refusals are compared with', async () => {
    const before = await fx.snapshot();
    const { pool } = fx.t.database;
    await pool.query(`update ventures set title = title || '!' where id = $1`, [fx.ventures.ownerDraft]);
    const changed = await fx.snapshot();
    await pool.query(`update ventures set title = rtrim(title, '!') where id = $1`, [fx.ventures.ownerDraft]);
    expect(changed.ventures).not.toBe(before.ventures);
    expect(await fx.snapshot()).toEqual(before);
  });
});

describe.each(ROUTES)('$method $url', (route) => {
  it.each(ROLES.map((role, i) => [role, route.cells[i]!] as const))('as %s: %s', async (role, expected) => {
    const req: Req = { url: route.url, ...(await route.send?.(fx, role)) };
    const what = `${route.method} ${req.url} as ${role}`;
    const refusal = isRefusal(expected);
    const before = refusal ? await fx.snapshot() : undefined;
    const res = await send(role, route.method, req);
    expectStatus(res, expected, what);
    if (refusal) {
      expect(res.json(), what).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      if (expected === 401) expect(res.json().code, what).toBe('auth.login_required');
      expect(await fx.snapshot(), `${what} changed rows or files`).toEqual(before);
    }

    if (route.method === 'GET') {
      const head = await send(role, 'HEAD', req);
      expectStatus(head, expected, `HEAD ${req.url} as ${role}`);
    }

    // 401 and a role's 403 come before validation: a malformed id and body change nothing.
    const guard = expected === 401 || (expected === 403 && !route.ruleCells?.includes(role));
    if (guard) {
      const writes = route.method !== 'GET';
      const bad: Req = {
        url: malformedUrl(route.url),
        ...(writes ? { payload: '{"broken": ', headers: { 'content-type': 'application/json' } } : {}),
        ...(req.cookie !== undefined ? { cookie: req.cookie } : {}),
      };
      const snap = await fx.snapshot();
      const early = await send(role, route.method, bad);
      expectStatus(early, expected, `${route.method} ${bad.url} (malformed) as ${role}`);
      expect(early.json().code).toBe(expected === 401 ? 'auth.login_required' : 'auth.forbidden');
      expect(await fx.snapshot()).toEqual(snap);
    }
  });
});
