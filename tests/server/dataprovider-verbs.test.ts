/**
 * The back office's dataProvider against the real server: every verb of every resource the admin and
 * corporate apps declare (src-backoffice/admin/App.tsx, corporate/App.tsx), and the custom methods,
 * called through the one typed client on a listening app with a fresh database, signed in per role
 * (and the public contact form's call). A verb whose route is missing fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { HttpError, type GetListParams } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, call, createApiClient, type ApiClient } from '../../src-shared/api/http';
import type { Role } from '../../src-shared/constants/enums';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import {
  createDataProvider,
  resourceVerbs,
  type BackofficeDataProvider,
} from '../../src-backoffice/providers/dataProvider';
import { sendContactMessage } from '../../src-public/pages/api';
import { testContext, type TestContext } from './context';
import sharp from 'sharp';
import { multipart } from './multipart';
import { giveKiis } from './kiis-helpers';

type App = 'admin' | 'corporate';
/** react-admin's verbs, whose first argument is the resource (the custom methods have none). */
const RESOURCE_VERBS = new Set(['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update']);

const listParams = (overrides: Partial<GetListParams> = {}): GetListParams => ({
  pagination: { page: 1, perPage: 10 },
  sort: { field: 'createdAt', order: 'DESC' },
  filter: {},
  ...overrides,
});

const inAYear = () => new Date(Date.now() + 365 * 24 * 3600_000).toISOString();

const ventureValues = (title: string) => ({
  title,
  shortDescription: 'Solar panels for schools',
  longDescription: 'Panels, batteries and their installation in ten schools.',
  collateralDescription: 'The panels themselves',
  country: 'KE',
  ventureType: 'sme',
  riskLevel: 'medium',
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  targetAmount: 10000,
  expectedReturn: 8.5,
  investmentPeriod: 12,
  closingDate: inAYear(),
  collateralValue: 16000,
  loanToValue: 62.5,
  isConvertible: false,
  tags: ['solar'],
  // Not writable on create: the dataProvider must leave these out.
  adminStatus: 'approved',
  amountFunded: 999,
});

let t: TestContext;
let baseUrl: string;
const exercised = new Set<string>();

/** A client of the listening app that sends this role's session cookie. */
function clientFor(cookie: string): ApiClient {
  return createApiClient({
    baseUrl,
    fetch: (request) => {
      const headers = new Headers(request.headers);
      headers.set('cookie', cookie);
      return fetch(new Request(request, { headers }));
    },
  });
}

/** The app's dataProvider on that client, recording which verb of which resource was called. */
function providerFor(app: App, cookie: string, i18n = createI18n('en', 'backoffice', resources)) {
  const provider = createDataProvider({ app, client: clientFor(cookie), i18n });
  return new Proxy(provider, {
    get(target, verb: string) {
      const value = target[verb as keyof BackofficeDataProvider];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        exercised.add(RESOURCE_VERBS.has(verb) ? `${app} ${String(args[0])} ${verb}` : `${app} ${verb}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

async function signIn(role: Role, overrides: Parameters<TestContext['injectAs']>[1] = {}) {
  const session = await t.injectAs(role, overrides);
  return { user: session.user!, cookie: session.cookie, client: clientFor(session.cookie) };
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeAll(async () => {
  t = await testContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  // Every verb of every resource of both tables, and the custom methods, were called above.
  const expected = new Set<string>([
    'admin addBalance',
    'admin getVentureInvestments',
    'admin closeFunding',
    'admin cancelVenture',
    'admin recordRepayment',
    'admin getSchedule',
    'admin declareDefault',
    'admin recordRecovery',
    'admin writeOff',
    'admin getBusinessDate',
    'admin moveBusinessDate',
    'admin getKycDocument',
    'admin getProtectionEvidence',
    'admin decideProtection',
    'admin getAdminOverview',
    'corporate getProfile',
    'corporate updateProfile',
    'corporate getMyVerification',
    'corporate startVerification',
    'corporate uploadVentureImage',
    'corporate deleteVentureImage',
    'admin replyToTicket',
    'corporate replyToTicket',
    'admin exportWithdrawals',
    'admin downloadWithdrawalExport',
    'admin importBankStatement',
    'admin assignStatementEntry',
    'corporate getDepositInstructions',
    'corporate getBankAccount',
    'corporate setBankAccount',
    'corporate requestWithdrawal',
    'corporate cancelWithdrawal',
  ]);
  for (const app of ['admin', 'corporate'] as const)
    for (const [resource, verbs] of Object.entries(resourceVerbs(app)))
      for (const verb of verbs) expected.add(`${app} ${resource} ${verb}`);
  const missing = [...expected].filter((key) => !exercised.has(key));
  expect(missing, 'verbs of the dataProvider that no test called').toEqual([]);
});

describe('the back office against the real server', () => {
  let corporate: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let investor: Awaited<ReturnType<typeof signIn>>;
  let corporateDp: BackofficeDataProvider;
  let adminDp: BackofficeDataProvider;
  const ventureIds: string[] = [];

  beforeAll(async () => {
    corporate = await signIn('corporate', { companyName: 'Sunrise Ltd' });
    admin = await signIn('admin');
    investor = await signIn('user', { kycStatus: 'complete', firstName: 'Ivy', lastName: 'Investor' });
    corporateDp = providerFor('corporate', corporate.cookie);
    adminDp = providerFor('admin', admin.cookie);
  });

  it('corporate ventures: create, getList (sorted, paged), getOne, getMany, update', async () => {
    for (const title of ['Bravo Solar', 'Alpha Water']) {
      const { data } = await corporateDp.create('ventures', { data: ventureValues(title) });
      expect(data.id).toEqual(expect.any(String));
      expect(data.id).toBe(data._id);
      expect(data).toMatchObject({
        title,
        adminStatus: 'pending',
        visibility: 'draft',
        lifecycleStatus: 'coming-soon',
        amountFunded: 0,
      });
      ventureIds.push(String(data.id));
    }
    const [bravo, alpha] = ventureIds as [string, string];

    const page1 = await corporateDp.getList(
      'ventures',
      listParams({ pagination: { page: 1, perPage: 1 }, sort: { field: 'title', order: 'ASC' } }),
    );
    expect(page1.total).toBe(2);
    expect(page1.data.map((v) => [v.id, v.title])).toEqual([[alpha, 'Alpha Water']]);
    const page2 = await corporateDp.getList(
      'ventures',
      listParams({ pagination: { page: 2, perPage: 1 }, sort: { field: 'title', order: 'ASC' } }),
    );
    expect(page2.data.map((v) => v.id)).toEqual([bravo]);

    const one = await corporateDp.getOne('ventures', { id: bravo });
    expect(one.data).toMatchObject({ id: bravo, title: 'Bravo Solar', targetAmount: 10000 });

    const many = await corporateDp.getMany('ventures', { ids: [alpha, bravo] });
    expect(many.data.map((v) => v.id)).toEqual([alpha, bravo]);

    const updated = await corporateDp.update('ventures', {
      id: bravo,
      data: { ...one.data, title: 'Bravo Solar Schools', visibility: 'public', amountFunded: 5 },
      previousData: one.data,
    });
    expect(updated.data).toMatchObject({
      id: bravo,
      title: 'Bravo Solar Schools',
      visibility: 'public',
      amountFunded: 0,
    });
  });

  it('corporate images: uploadVentureImage (a real JPEG, on disk, at most 4), deleteVentureImage', async () => {
    const alpha = ventureIds[1]!;
    const onDisk = (path: string) => existsSync(join(t.dataDir, ...path.split('/').filter(Boolean)));
    const jpeg = (background: string) =>
      sharp({ create: { width: 640, height: 360, channels: 3, background } })
        .jpeg({ quality: 90 })
        .toBuffer();
    const blob = async (background: string) =>
      new Blob([new Uint8Array(await jpeg(background))], { type: 'image/jpeg' });

    const fractions: number[] = [];
    const first = await corporateDp.uploadVentureImage(alpha, await blob('#3366cc'), (f) =>
      fractions.push(f),
    );
    expect(first.message).toBe('Images uploaded.');
    expect(first.images).toEqual([
      expect.stringMatching(new RegExp(`^/uploads/ventures/${alpha}/[^/]+\\.jpg$`)),
    ]);
    expect(fractions.at(-1)).toBe(1);
    const [firstPath] = first.images as [string];
    expect(onDisk(firstPath)).toBe(true);
    // The stored file is a JPEG of the picture sent.
    const stored = await sharp(join(t.dataDir, ...firstPath.split('/').filter(Boolean))).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect((await corporateDp.getOne('ventures', { id: alpha })).data.images).toEqual([firstPath]);

    // Not an image: the server's 415, translated by its code.
    const notImage = await rejection(
      corporateDp.uploadVentureImage(alpha, new Blob(['just text'], { type: 'image/jpeg' })),
    );
    expect(notImage.status).toBe(415);
    expect(notImage.message).toBe('venture-image.jpg is not a JPEG, PNG or WebP image.');

    for (const colour of ['#cc6633', '#33cc66', '#6633cc']) {
      await corporateDp.uploadVentureImage(alpha, await blob(colour));
    }
    const fifth = await rejection(corporateDp.uploadVentureImage(alpha, await blob('#000000')));
    expect(fifth.status).toBe(400);
    expect(fifth.message).toBe('You can only upload up to 4 images.');
    expect(fifth.body).toMatchObject({ code: 'venture.too_many_images' });

    // Another company's venture is not there for this company.
    const other = await signIn('corporate', { companyName: 'Other Ltd' });
    const otherDp = providerFor('corporate', other.cookie);
    expect((await rejection(otherDp.uploadVentureImage(alpha, await blob('#ffffff')))).status).toBe(404);
    expect((await rejection(otherDp.deleteVentureImage(alpha, firstPath))).status).toBe(404);

    const deleted = await corporateDp.deleteVentureImage(alpha, firstPath);
    expect(deleted.message).toBe('Image deleted.');
    expect(deleted.images).toHaveLength(3);
    expect(deleted.images).not.toContain(firstPath);
    expect(onDisk(firstPath)).toBe(false);
    expect(deleted.images.every(onDisk)).toBe(true);
    expect((await corporateDp.getOne('ventures', { id: alpha })).data.images).toEqual(deleted.images);

    const again = await rejection(corporateDp.deleteVentureImage(alpha, firstPath));
    expect(again.status).toBe(404);
    expect(again.message).toBe('This venture has no such image.');
  });

  it('a corporate failure becomes a translated HttpError with the code and the field errors', async () => {
    const missing = await rejection(corporateDp.getOne('ventures', { id: crypto.randomUUID() }));
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Venture not found.');
    expect(missing.body).toMatchObject({ code: 'venture.not_found' });

    const french = createI18n('fr', 'backoffice', resources);
    const frenchDp = providerFor('corporate', corporate.cookie, french);
    const inFrench = await rejection(frenchDp.getOne('ventures', { id: crypto.randomUUID() }));
    expect(inFrench.message).toBe(french.t('venture.not_found', { ns: 'errors' }));
    expect(inFrench.message).not.toBe('Venture not found.');

    const invalid = await rejection(
      corporateDp.create('ventures', { data: { ...ventureValues('Bad'), targetAmount: 'lots' } }),
    );
    expect(invalid.status).toBe(400);
    expect((invalid.body as { errors?: Record<string, string> }).errors).toHaveProperty('targetAmount');
  });

  it('admin ventures: getList with filters, getOne, getMany, update (the review opens the venture)', async () => {
    const [bravo, alpha] = ventureIds as [string, string];
    const pending = await adminDp.getList(
      'ventures',
      listParams({
        filter: { adminStatus: 'pending', search: 'Bravo', lifecycleStatus: 'all', country: '' },
      }),
    );
    expect(pending.total).toBe(1);
    expect(pending.data.map((v) => [v.id, v.title])).toEqual([[bravo, 'Bravo Solar Schools']]);
    const drafts = await adminDp.getList(
      'ventures',
      listParams({ filter: { visibility: 'draft' }, sort: { field: 'title', order: 'ASC' } }),
    );
    expect(drafts.data.map((v) => v.id)).toEqual([alpha]);

    const one = await adminDp.getOne('ventures', { id: bravo });
    expect(one.data).toMatchObject({ id: bravo, adminStatus: 'pending', lifecycleStatus: 'coming-soon' });
    const many = await adminDp.getMany('ventures', { ids: [bravo, alpha] });
    expect(many.data.map((v) => v.id)).toEqual([bravo, alpha]);

    await giveKiis(t, bravo);
    const reviewed = await adminDp.update('ventures', {
      id: bravo,
      data: { adminStatus: 'approved', adminNotes: 'Complete file.', title: 'ignored' },
      previousData: one.data,
    });
    expect(reviewed.data).toMatchObject({
      id: bravo,
      adminStatus: 'approved',
      adminNotes: 'Complete file.',
      lifecycleStatus: 'new',
      title: 'Bravo Solar Schools',
    });
    const approved = await adminDp.getList('ventures', listParams({ filter: { adminStatus: 'approved' } }));
    expect(approved.data.map((v) => v.id)).toEqual([bravo]);
  });

  it('admin money: addBalance with a proof, balances, balance-histories and investments lists', async () => {
    const [bravo] = ventureIds as [string];
    const proof = new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], {
      type: 'application/pdf',
    });
    const credited = await adminDp.addBalance(investor.user.id, {
      amount: 1000,
      note: '  bank transfer 42  ',
      proof: new File([proof], 'transfer.pdf', { type: 'application/pdf' }),
    });
    expect(credited.balance).toBe(1000);

    // The investor invests through the same typed client (the public site's call).
    const invested = await call(
      investor.client.POST('/api/investments', { body: { ventureId: bravo, amount: 250 } }),
    );
    expect(invested.data.amount).toBe(250);

    const balances = await adminDp.getList(
      'balances',
      listParams({ filter: { search: investor.user.email }, sort: { field: 'balance', order: 'ASC' } }),
    );
    expect(balances.total).toBe(1);
    expect(balances.data[0]).toMatchObject({ id: investor.user.id, balance: 750 });

    const histories = await adminDp.getList(
      'balance-histories',
      listParams({ filter: { search: investor.user.email } }),
    );
    expect(histories.total).toBe(2);
    const deposit = histories.data.find((row) => row.amount === 1000);
    expect(deposit).toMatchObject({ note: 'bank transfer 42', balanceAfter: 1000 });
    expect(deposit?.proofUrl).toEqual(expect.stringMatching(/^\/api\/balances\/proofs\//));
    expect(histories.data.find((row) => row.amount === -250)).toMatchObject({ balanceAfter: 750 });
    // The proof link of the list opens the file for the admin.
    const file = await admin.client.GET('/api/balances/proofs/{transactionId}', {
      params: { path: { transactionId: String(deposit?.proofUrl).split('/').pop()! } },
      parseAs: 'text',
    });
    expect(file.response.status).toBe(200);

    const investments = await adminDp.getList(
      'investments',
      listParams({ filter: { search: 'Bravo', status: 'invested' } }),
    );
    expect(investments.total).toBe(1);
    expect(investments.data[0]).toMatchObject({ id: invested.data._id, amount: 250 });
    const none = await adminDp.getList('investments', listParams({ filter: { status: 'repaid' } }));
    expect(none).toEqual({ data: [], total: 0 });

    const refused = await rejection(adminDp.addBalance(investor.user.id, { amount: -5000 }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Insufficient balance.');
  });

  it('admin money lists: addBalance once per key; balances sorted, getOne, getMany; histories and investments filtered', async () => {
    const [bravo] = ventureIds as [string];
    const otto = await signIn('user', { kycStatus: 'complete', firstName: 'Otto', lastName: 'Second' });
    // One Idempotency-Key sent twice (a double click, a retry after a lost answer): credited once.
    const key = crypto.randomUUID();
    const once = await adminDp.addBalance(otto.user.id, {
      amount: 500,
      note: 'transfer 7',
      idempotencyKey: key,
    });
    const twice = await adminDp.addBalance(otto.user.id, {
      amount: 500,
      note: 'transfer 7',
      idempotencyKey: key,
    });
    expect(once.balance).toBe(500);
    expect(twice).toEqual(once);
    expect((await adminDp.getOne('balances', { id: otto.user.id })).data).toMatchObject({
      id: otto.user.id,
      user: { id: otto.user.id, firstName: 'Otto' },
      balance: 500,
    });
    await call(otto.client.POST('/api/investments', { body: { ventureId: bravo, amount: 100 } }));

    // balances: the API's sort fields both ways (ties by account, so one order is the other reversed).
    const all = { page: 1, perPage: 100 };
    const ascending = await adminDp.getList(
      'balances',
      listParams({ sort: { field: 'balance', order: 'ASC' }, pagination: all }),
    );
    const descending = await adminDp.getList(
      'balances',
      listParams({ sort: { field: 'balance', order: 'DESC' }, pagination: all }),
    );
    const amounts = ascending.data.map((row) => row.balance as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(descending.data.map((row) => row.id)).toEqual(ascending.data.map((row) => row.id).reverse());
    expect(descending.data.slice(0, 2).map((row) => [row.id, row.balance])).toEqual([
      [investor.user.id, 750],
      [otto.user.id, 400],
    ]);
    const latest = await adminDp.getList(
      'balances',
      listParams({ sort: { field: 'updatedAt', order: 'DESC' } }),
    );
    expect(latest.data[0]).toMatchObject({ id: otto.user.id, balance: 400 });
    const many = await adminDp.getMany('balances', { ids: [otto.user.id, investor.user.id] });
    expect(many.data.map((row) => [row.id, row.balance])).toEqual([
      [otto.user.id, 400],
      [investor.user.id, 750],
    ]);
    const noBalance = await rejection(adminDp.getOne('balances', { id: admin.user.id }));
    expect(noBalance.status).toBe(404);
    expect(noBalance.body).toMatchObject({ code: 'user.not_found' });

    // balance-histories: one person, newest first; kind and a day range; sorted by amount.
    const mine = await adminDp.getList('balance-histories', listParams({ filter: { userId: otto.user.id } }));
    expect(mine.data.map((row) => [row.kind, row.amount])).toEqual([
      ['investment', -100],
      ['deposit', 500],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const deposits = await adminDp.getList(
      'balance-histories',
      listParams({ filter: { userId: otto.user.id, kind: 'deposit', from: today, to: today } }),
    );
    expect(deposits.data.map((row) => [row.kind, row.amount, row.note])).toEqual([
      ['deposit', 500, 'transfer 7'],
    ]);
    expect(
      await adminDp.getList(
        'balance-histories',
        listParams({ filter: { userId: otto.user.id, to: yesterday, kind: 'all' } }),
      ),
    ).toEqual({ data: [], total: 0 });
    const byAmount = await adminDp.getList(
      'balance-histories',
      listParams({ filter: { userId: otto.user.id }, sort: { field: 'amount', order: 'ASC' } }),
    );
    expect(byAmount.data.map((row) => row.amount)).toEqual([-100, 500]);
    const badRange = await rejection(
      adminDp.getList('balance-histories', listParams({ filter: { from: today, to: yesterday } })),
    );
    expect(badRange.status).toBe(400);
    expect(badRange.message).toBe('The start date (from) must not be after the end date (to).');
    expect(badRange.body).toMatchObject({ code: 'common.filter_date_range' });

    // investments: by venture (sorted by amount), by person (with the venture and the investor to link).
    const ofBravo = await adminDp.getList(
      'investments',
      listParams({ filter: { ventureId: bravo }, sort: { field: 'amount', order: 'DESC' } }),
    );
    expect(ofBravo.data.map((row) => [row.investedBy.id, row.amount])).toEqual([
      [investor.user.id, 250],
      [otto.user.id, 100],
    ]);
    const ofOtto = await adminDp.getList(
      'investments',
      listParams({ filter: { userId: otto.user.id, status: 'invested' } }),
    );
    expect(ofOtto.total).toBe(1);
    expect(ofOtto.data[0]).toMatchObject({
      venture: { _id: bravo, title: 'Bravo Solar Schools' },
      investedBy: { id: otto.user.id, firstName: 'Otto', lastName: 'Second', email: otto.user.email },
      amount: 100,
    });
    expect(
      await adminDp.getList('investments', listParams({ filter: { ventureId: bravo, status: 'refunded' } })),
    ).toEqual({ data: [], total: 0 });
  });

  it('admin getAdminOverview: the overview figures of GET /api/admin/overview (admins only)', async () => {
    const figures = await adminDp.getAdminOverview();
    expect(figures).toEqual((await call(admin.client.GET('/api/admin/overview'))).data);
    // The investor's €250.00 above is invested and held in the venture's escrow.
    expect(figures.invested).toBeGreaterThanOrEqual(250);
    expect(figures.inEscrow).toBeGreaterThanOrEqual(250);
    expect(figures.signUps30d).toBeGreaterThanOrEqual(3);
    expect(figures.investedByMonth).toHaveLength(12);
    expect(figures.investedByMonth.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      amount: expect.any(Number),
    });
    expect(figures.investedByMonth.at(-1)!.amount).toBeGreaterThanOrEqual(250);
    const refused = await rejection(corporateDp.getAdminOverview());
    expect(refused.status).toBe(403);
  });

  it('corporate account: getProfile, updateProfile, getMyVerification, startVerification; admin kyc list', async () => {
    const profile = await corporateDp.getProfile();
    expect(profile).toMatchObject({ id: corporate.user.id, role: 'corporate', email: corporate.user.email });

    const saved = await corporateDp.updateProfile({
      firstName: 'Cora',
      lastName: profile.lastName,
      email: profile.email,
      phone: '+254700000001',
      countryName: 'Kenya',
      address: '1 Harbour Road',
      newsletterFrequency: 'monthly',
    });
    expect(saved.data).toMatchObject({
      firstName: 'Cora',
      phone: '+254700000001',
      address: '1 Harbour Road',
    });
    expect((await corporateDp.getProfile()).firstName).toBe('Cora');

    const before = await corporateDp.getMyVerification();
    expect(before.statusInOurSystem).toBe('not_started');
    const started = await corporateDp.startVerification();
    expect(started.verificationUrl).toEqual(expect.stringMatching(/\/kyc\//));

    // The link opened a verification that is not started yet: listed under that status only.
    const kyc = await adminDp.getList(
      'kyc',
      listParams({ filter: { search: corporate.user.email, status: 'not_started' } }),
    );
    expect(kyc.total).toBe(1);
    expect(kyc.data[0]).toMatchObject({ id: expect.any(String), status: 'not_started' });
    expect(kyc.data[0]?.user).toMatchObject({ id: corporate.user.id });
    const submitted = await adminDp.getList(
      'kyc',
      listParams({ filter: { search: corporate.user.email, status: 'all' } }),
    );
    expect(submitted).toEqual({ data: [], total: 0 });
  });

  it('admin kyc: getList (the queue, oldest first), getOne, getMany, update (decide), getKycDocument', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#cc6633' } })
      .jpeg()
      .toBuffer();
    const people = [];
    for (const firstName of ['Kim', 'Lee']) {
      const person = await signIn('user', { firstName, lastName: 'Queueing' });
      const { verificationUrl } = await call(person.client.POST('/api/kyc/start-verification'));
      const token = verificationUrl.slice(verificationUrl.lastIndexOf('/') + 1);
      const { payload, headers } = multipart(
        [
          { field: 'documentFront', filename: 'passport.png', content: png, type: 'image/png' },
          { field: 'selfie', filename: 'me.jpg', content: jpeg },
        ],
        {
          documentType: 'passport',
          dateOfBirth: '1990-04-12',
          nationality: 'KE',
          address: '1 Harbour Road, Mombasa',
        },
      );
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/kyc/session/${token}`,
        payload,
        headers,
      });
      expect(submitted.statusCode).toBe(200);
      people.push(person);
    }
    const [kim, lee] = people as [Awaited<ReturnType<typeof signIn>>, Awaited<ReturnType<typeof signIn>>];

    // One row per person, keyed by the person (the show page is /kyc/{userId}/show).
    const queue = await adminDp.getList(
      'kyc',
      listParams({
        filter: { status: 'pending', search: 'queueing' },
        sort: { field: 'submittedAt', order: 'ASC' },
      }),
    );
    expect(queue.total).toBe(2);
    expect(queue.data.map((row) => row.id)).toEqual([kim.user.id, lee.user.id]);
    expect(queue.data[0]).toMatchObject({ status: 'pending', verificationId: expect.any(String) });
    const newest = await adminDp.getList(
      'kyc',
      listParams({ filter: { search: 'queueing' }, sort: { field: 'submittedAt', order: 'DESC' } }),
    );
    expect(newest.data.map((row) => row.id)).toEqual([lee.user.id, kim.user.id]);

    const { data: detail } = await adminDp.getOne('kyc', { id: kim.user.id });
    expect(detail).toMatchObject({
      id: kim.user.id,
      verificationId: queue.data[0]!.verificationId,
      status: 'pending',
      documentType: 'passport',
      dateOfBirth: '1990-04-12',
      nationality: 'KE',
      address: '1 Harbour Road, Mombasa',
      decisions: [],
    });
    expect(detail.documents.map((d: { kind: string }) => d.kind)).toEqual(['documentFront', 'selfie']);
    const many = await adminDp.getMany('kyc', { ids: [lee.user.id, kim.user.id] });
    expect(many.data.map((row) => row.id)).toEqual([lee.user.id, kim.user.id]);

    // The document itself, for the admin: the stored bytes, with their type.
    const file = await adminDp.getKycDocument(detail.documents[0].id);
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const missing = await rejection(adminDp.getKycDocument(crypto.randomUUID()));
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Document not found.');

    // Decide: a rejection needs a reason (a field error), then each decision is recorded.
    const noReason = await rejection(
      adminDp.update('kyc', {
        id: kim.user.id,
        data: { status: 'rejected', reason: '  ' },
        previousData: detail,
      }),
    );
    expect(noReason.status).toBe(400);
    expect((noReason.body as { errors?: Record<string, string> }).errors).toEqual({
      reason: 'A reason is required to reject a verification.',
    });
    const rejected = await adminDp.update('kyc', {
      id: kim.user.id,
      data: { status: 'rejected', reason: ' Blurred photo. ' },
      previousData: detail,
    });
    expect(rejected.data).toMatchObject({
      id: kim.user.id,
      status: 'rejected',
      reason: 'Blurred photo.',
      decisions: [{ status: 'rejected', reason: 'Blurred photo.', decidedBy: { id: admin.user.id } }],
    });
    const approved = await adminDp.update('kyc', {
      id: lee.user.id,
      data: { status: 'complete', reason: '' },
      previousData: { id: lee.user.id },
    });
    expect(approved.data).toMatchObject({
      id: lee.user.id,
      status: 'complete',
      user: { kycStatus: 'complete' },
    });
    const again = await rejection(
      adminDp.update('kyc', { id: lee.user.id, data: { status: 'complete' }, previousData: approved.data }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'kyc.already_approved' });
  });

  it('admin venture money: getVentureInvestments, closeFunding, recordRepayment (the schedule, once per key, allocation and fee, up to what is owed), cancelVenture (refunds)', async () => {
    const approvedVenture = async (title: string) => {
      const { data: draft } = await corporateDp.create('ventures', { data: ventureValues(title) });
      const { data } = await corporateDp.update('ventures', {
        id: draft.id,
        data: { ...draft, visibility: 'public' },
        previousData: draft,
      });
      await giveKiis(t, String(data.id));
      await adminDp.update('ventures', {
        id: data.id,
        data: { adminStatus: 'approved', adminNotes: '' },
        previousData: data,
      });
      return String(data.id);
    };
    const delta = await approvedVenture('Delta Farms');
    const echo = await approvedVenture('Echo Water');
    const ann = await signIn('user', {
      kycStatus: 'complete',
      protection: 'sophisticated',
      firstName: 'Ann',
      lastName: 'Money',
    });
    const bob = await signIn('user', {
      kycStatus: 'complete',
      protection: 'sophisticated',
      firstName: 'Bob',
      lastName: 'Money',
    });
    const balance = async (person: typeof ann) =>
      (await call(person.client.GET('/api/balances/my-balance'))).balance;
    const invest = (person: typeof ann, ventureId: string, amount: number) =>
      call(person.client.POST('/api/investments', { body: { ventureId, amount } }));
    await adminDp.addBalance(ann.user.id, { amount: 1000 });
    await adminDp.addBalance(bob.user.id, { amount: 1000 });
    await invest(ann, delta, 100);
    await invest(bob, delta, 200);
    await invest(ann, delta, 50);
    await invest(ann, echo, 300);
    expect([await balance(ann), await balance(bob)]).toEqual([550, 800]);

    const raising = await adminDp.getVentureInvestments(delta);
    expect(raising.map((row) => [row.investedBy.id, row.amount, row.status]).sort()).toEqual(
      [
        [ann.user.id, 100, 'invested'],
        [ann.user.id, 50, 'invested'],
        [bob.user.id, 200, 'invested'],
      ].sort(),
    );
    expect(raising.every((row) => row.id === row._id && row.venture._id === delta)).toBe(true);

    // Close the funding: funded, the investments completed.
    const closed = await adminDp.closeFunding(delta);
    expect(closed.data).toMatchObject({ _id: delta, lifecycleStatus: 'funded', amountFunded: 350 });
    const funded = await adminDp.getVentureInvestments(delta);
    expect(funded.map((row) => row.status)).toEqual(['completed', 'completed', 'completed']);

    // The loan started at the close: its schedule is the admin's review step's data.
    const schedule = await adminDp.getSchedule(delta);
    expect(schedule).toMatchObject({
      loanStatus: 'current',
      principal: 350,
      outstandingPrincipal: 350,
      overdue: 0,
    });
    expect(schedule.installments).toHaveLength(12);
    const key = crypto.randomUUID();
    const repaid = await adminDp.recordRepayment(delta, { amount: 100.01, note: 'Wire 1' }, key);
    const { allocated, serviceFee, credited } = repaid.data;
    expect(repaid).toMatchObject({
      message: 'Payment recorded.',
      data: { investors: 2, loanStatus: 'current' },
    });
    // Allocated in full; the investors get it less the fee on the interest.
    expect(Math.round((allocated.lateInterest + allocated.interest + allocated.principal) * 100)).toBe(10001);
    expect(Math.round((credited + serviceFee) * 100)).toBe(10001);
    expect(serviceFee).toBeGreaterThan(0);
    const credits = Math.round(((await balance(ann)) - 550 + (await balance(bob)) - 800) * 100);
    expect(credits).toBe(Math.round(credited * 100));
    // The same key again (a double click, a retry): the first answer, nothing credited twice.
    expect(await adminDp.recordRepayment(delta, { amount: 100.01, note: 'Wire 1' }, key)).toEqual(repaid);
    expect(Math.round(((await balance(ann)) - 550 + (await balance(bob)) - 800) * 100)).toBe(credits);

    // More than what is owed moves nothing; exactly what is owed repays the loan.
    const { owed } = await adminDp.getSchedule(delta);
    const over = await rejection(
      adminDp.recordRepayment(delta, { amount: owed + 1, note: '' }, crypto.randomUUID()),
    );
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'servicing.overpayment' });
    const last = await adminDp.recordRepayment(delta, { amount: owed, note: '' }, crypto.randomUUID());
    expect(last.data.loanStatus).toBe('repaid');
    expect((await adminDp.getOne('ventures', { id: delta })).data.lifecycleStatus).toBe('repaid');
    expect((await adminDp.getVentureInvestments(delta)).map((row) => row.status)).toEqual([
      'repaid',
      'repaid',
      'repaid',
    ]);
    const closedLoan = await rejection(
      adminDp.recordRepayment(delta, { amount: 1, note: '' }, crypto.randomUUID()),
    );
    expect(closedLoan.status).toBe(409);
    expect(closedLoan.body).toMatchObject({ code: 'servicing.loan_closed' });

    // Echo is still raising: no repayment; a cancellation needs a reason, then refunds everyone.
    const notFunded = await rejection(
      adminDp.recordRepayment(echo, { amount: 10, note: '' }, crypto.randomUUID()),
    );
    expect(notFunded.status).toBe(409);
    expect(notFunded.message).toBe('This venture has no running loan.');
    const noReason = await rejection(adminDp.cancelVenture(echo, '   '));
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 'investment.cancel_reason_required' });
    const before = await balance(ann);
    const cancelled = await adminDp.cancelVenture(echo, ' The company withdrew. ');
    expect(cancelled).toMatchObject({
      message: 'Venture cancelled; 1 investments refunded.',
      data: { _id: echo, adminStatus: 'rejected', amountFunded: 0, adminNotes: 'The company withdrew.' },
    });
    expect(await balance(ann)).toBe(before + 300);
    expect((await adminDp.getVentureInvestments(echo)).map((row) => row.status)).toEqual(['refunded']);
    const closeCancelled = await rejection(adminDp.closeFunding(echo));
    expect(closeCancelled.status).toBe(409);
  });

  it('admin users: getList (filters, sort by a column the API sorts, page), getOne, getMany, update', async () => {
    const listed = await adminDp.getList(
      'users',
      listParams({ filter: { role: 'user', isActive: 'true', search: 'ivy investor' } }),
    );
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({
      id: investor.user.id,
      firstName: 'Ivy',
      role: 'user',
      isActive: true,
      emailVerified: true,
      kycStatus: 'complete',
    });
    expect(listed.data[0]).not.toHaveProperty('passwordHash');

    // 'all' and '' leave a filter out; `sort` becomes sortBy/order for the columns the API sorts.
    const ORDER = ['user', 'corporate', 'admin', 'superadmin'];
    const byRole = await adminDp.getList(
      'users',
      listParams({
        filter: { role: 'all', search: '' },
        sort: { field: 'role', order: 'DESC' },
        pagination: { page: 1, perPage: 100 },
      }),
    );
    expect(byRole.total).toBeGreaterThanOrEqual(3);
    const ranks = byRole.data.map((u) => ORDER.indexOf(String(u.role)));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    // A column the API does not sort by is not sent (the API's default order), never a failure.
    const unsorted = await adminDp.getList('users', listParams({ sort: { field: 'balance', order: 'ASC' } }));
    expect(unsorted.total).toBe(byRole.total);
    const page2 = await adminDp.getList('users', listParams({ pagination: { page: 2, perPage: 1 } }));
    expect(page2.data).toHaveLength(1);
    expect(page2.total).toBe(byRole.total);

    const one = await adminDp.getOne('users', { id: investor.user.id });
    expect(one.data).toMatchObject({ id: investor.user.id, email: investor.user.email, balance: 750 });
    const many = await adminDp.getMany('users', { ids: [corporate.user.id, investor.user.id] });
    expect(many.data.map((u) => u.id)).toEqual([corporate.user.id, investor.user.id]);

    // Deactivating ends the person's session: their next call answers 401.
    const person = await signIn('user', { firstName: 'Dee' });
    expect((await person.client.GET('/api/profile/get')).response.status).toBe(200);
    const previous = (await adminDp.getOne('users', { id: person.user.id })).data;
    const off = await adminDp.update('users', {
      id: person.user.id,
      data: { ...previous, isActive: false, firstName: 'ignored' },
      previousData: previous,
    });
    expect(off.data).toMatchObject({ id: person.user.id, isActive: false, firstName: 'Dee' });
    expect((await person.client.GET('/api/profile/get')).response.status).toBe(401);
    // Nothing changed: the record as it is, no refused empty PATCH.
    const same = await adminDp.update('users', {
      id: person.user.id,
      data: off.data,
      previousData: off.data,
    });
    expect(same.data).toMatchObject({ id: person.user.id, isActive: false });

    // A refused change comes back translated, with its code.
    const self = await rejection(
      adminDp.update('users', {
        id: admin.user.id,
        data: { isActive: false },
        previousData: { id: admin.user.id, isActive: true },
      }),
    );
    expect(self.status).toBe(403);
    expect(self.message).toBe('You cannot deactivate your own account.');
    expect(self.body).toMatchObject({ code: 'user.cannot_deactivate_self' });
    const grant = await rejection(
      adminDp.update('users', {
        id: person.user.id,
        data: { role: 'admin' },
        previousData: { id: person.user.id, role: 'user' },
      }),
    );
    expect(grant.status).toBe(403);
    expect(grant.body).toMatchObject({ code: 'user.admin_roles_superadmin_only' });
  });

  it('public contact form, then admin mails: getList (filters, sort), getOne (marks read), getMany, update', async () => {
    const visitor = createApiClient({ baseUrl });
    const sent = await sendContactMessage(
      { name: ' Ann Sender ', email: 'ann@example.com', subject: 'Zebra question', message: 'Hello\nthere' },
      visitor,
    );
    expect(sent).toEqual({ message: 'Thank you! We will get back to you soon.' });
    await sendContactMessage(
      { name: 'Ann Sender', email: 'ann@example.com', subject: 'Aardvark question', message: 'Again' },
      visitor,
    );
    const invalid = await sendContactMessage(
      { name: '', email: 'ann@example.com', subject: 'x', message: 'y' },
      visitor,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).status).toBe(400);
    expect((invalid as ApiError).fieldCodes).toEqual({ name: 'contact.name_required' });

    const unread = await adminDp.getList(
      'mails',
      listParams({
        filter: { status: 'unread', search: 'ann sender' },
        sort: { field: 'subject', order: 'ASC' },
      }),
    );
    expect(unread.total).toBe(2);
    expect(unread.data.map((m) => m.subject)).toEqual(['Aardvark question', 'Zebra question']);
    const zebra = unread.data[1]!;
    expect(zebra).toMatchObject({
      name: 'Ann Sender',
      status: 'unread',
      excerpt: 'Hello there',
      readAt: null,
    });
    expect(zebra).not.toHaveProperty('message');

    const opened = await adminDp.getOne('mails', { id: zebra.id });
    expect(opened.data).toMatchObject({ id: zebra.id, message: 'Hello\nthere', status: 'read' });
    const stillUnread = await adminDp.getList('mails', listParams({ filter: { status: 'unread' } }));
    expect(stillUnread.data.map((m) => m.subject)).toEqual(['Aardvark question']);
    const many = await adminDp.getMany('mails', { ids: [zebra.id, unread.data[0]!.id] });
    expect(many.data.map((m) => m.status)).toEqual(['read', 'read']);

    const back = await adminDp.update('mails', {
      id: zebra.id,
      data: { ...opened.data, status: 'unread' },
      previousData: opened.data,
    });
    expect(back.data).toMatchObject({ id: zebra.id, status: 'unread', readAt: null });
    const read = await adminDp.getList('mails', listParams({ filter: { status: 'read', search: 'ann' } }));
    expect(read.data.map((m) => m.subject)).toEqual(['Aardvark question']);

    const missing = await rejection(adminDp.getOne('mails', { id: crypto.randomUUID() }));
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Message not found.');
  });

  it('support tickets: corporate create, getList, getOne, getMany, replyToTicket; admin getList (filters, deadline order, by person), getOne, getMany, update, replyToTicket', async () => {
    const company = await signIn('corporate', { companyName: 'Ticket Co', email: 'ticket.co@example.com' });
    const companyDp = providerFor('corporate', company.cookie);
    const created = await companyDp.create('tickets', {
      data: { subject: 'Company question', category: 'account', message: 'How do we add a director?' },
    });
    expect(created.data).toMatchObject({
      id: created.data._id,
      subject: 'Company question',
      status: 'open',
      respondBy: null,
      messages: [{ body: 'How do we add a director?' }],
    });
    const complaint = await companyDp.create('tickets', {
      data: { subject: 'Company complaint', category: 'complaint', message: 'Nobody answered.' },
    });
    expect(complaint.data.respondBy).toEqual(expect.any(String));
    const bad = await rejection(companyDp.create('tickets', { data: { subject: 'x', message: '' } }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: {
        subject: 'Subject must be at least 3 characters.',
        category: 'Choose a category: payments, account, investment, technical or complaint.',
        message: 'Message is required.',
      },
    });

    const mine = await companyDp.getList('tickets', listParams({ filter: { status: 'open' } }));
    expect(mine.total).toBe(2);
    expect(mine.data.map((r) => r.subject)).toEqual(['Company complaint', 'Company question']);
    expect(mine.data[0]!.id).toBe(complaint.data.id);
    const one = await companyDp.getOne('tickets', { id: created.data.id });
    expect(one.data.messages).toHaveLength(1);
    const many = await companyDp.getMany('tickets', { ids: [created.data.id, complaint.data.id] });
    expect(many.data.map((r) => r.subject)).toEqual(['Company question', 'Company complaint']);
    const own = await companyDp.replyToTicket(created.data.id, 'Any news?');
    expect(own.message).toBe('Reply sent.');
    expect(own.data.messages.map((m) => m.body)).toEqual(['How do we add a director?', 'Any news?']);

    // Another company does not see it.
    const stranger = providerFor('corporate', (await signIn('corporate')).cookie);
    const hidden = await rejection(stranger.getOne('tickets', { id: created.data.id }));
    expect(hidden.status).toBe(404);
    expect(hidden.message).toBe('Ticket not found.');

    const listed = await adminDp.getList(
      'tickets',
      listParams({
        filter: { search: 'ticket.co@example', status: 'all', category: 'all' },
        sort: { field: 'respondBy', order: 'ASC' },
      }),
    );
    expect(listed.data.map((r) => r.subject)).toEqual(['Company complaint', 'Company question']);
    expect(listed.data[0]!.author).toMatchObject({ email: 'ticket.co@example.com', role: 'corporate' });
    const complaints = await adminDp.getList('tickets', listParams({ filter: { category: 'complaint' } }));
    expect(complaints.data.map((r) => r.id)).toContain(complaint.data.id);
    const byNumber = await adminDp.getList(
      'tickets',
      listParams({ filter: { search: `#${created.data.number}` } }),
    );
    expect(byNumber.data.map((r) => r.id)).toContain(created.data.id);
    const byPerson = await adminDp.getManyReference('tickets', {
      target: 'userId',
      id: company.user.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(byPerson.data.map((r) => r.subject)).toEqual(['Company complaint', 'Company question']);
    const adminOne = await adminDp.getOne('tickets', { id: created.data.id });
    expect(adminOne.data.messages).toHaveLength(2);
    const adminMany = await adminDp.getMany('tickets', { ids: [complaint.data.id] });
    expect(adminMany.data[0]!.subject).toBe('Company complaint');

    const answered = await adminDp.replyToTicket(created.data.id, 'Send us the new register extract.');
    expect(answered.data.status).toBe('in_progress');
    const closed = await adminDp.update('tickets', {
      id: created.data.id,
      data: { ...answered.data, status: 'closed' },
      previousData: answered.data,
    });
    expect(closed.data).toMatchObject({ id: created.data.id, status: 'closed' });
    const refused = await rejection(companyDp.replyToTicket(created.data.id, 'One more thing'));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('This ticket is closed.');
    const mail = (await t.outbox()).find(
      (m) => m.to === 'ticket.co@example.com' && m.kind === 'ticket-reply',
    );
    expect(mail?.text).toContain(`/corporate/tickets/${String(created.data.id)}/show`);
  });

  // Last: it moves the business date for the whole file.
  it('admin protection: getList (status, search), getOne and getMany (the history by person), getProtectionEvidence, decideProtection', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f6f9f' } })
      .png()
      .toBuffer();
    const pat = await signIn('user', { firstName: 'Pat', lastName: 'Protected' });
    const { payload, headers } = multipart(
      [{ field: 'evidence', filename: 'statement.png', content: png, type: 'image/png' }],
      { criteria: ['income_or_portfolio', 'capital_market_transactions'] },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/protection/sophisticated-request',
      payload,
      headers: { ...headers, cookie: pat.cookie },
    });
    expect(sent.statusCode).toBe(201);
    const requestId = (sent.json() as { data: { _id: string } }).data._id;

    // Rows are requests (id = the request's id), by status and the person's name.
    const pending = await adminDp.getList(
      'protection',
      listParams({ filter: { status: 'pending', search: 'protected' } }),
    );
    expect(pending.total).toBe(1);
    expect(pending.data[0]).toMatchObject({
      id: requestId,
      status: 'pending',
      criteria: ['income_or_portfolio', 'capital_market_transactions'],
      user: { id: pat.user.id },
      evidence: { name: 'statement.png', mimeType: 'image/png', size: png.length },
    });
    const accepted = await adminDp.getList(
      'protection',
      listParams({ filter: { status: 'accepted', search: 'protected' } }),
    );
    expect(accepted.total).toBe(0);

    // The page is the person's: their history, keyed by their user id.
    const { data: history } = await adminDp.getOne('protection', { id: pat.user.id });
    expect(history).toMatchObject({
      id: pat.user.id,
      category: 'non_sophisticated',
      user: { id: pat.user.id },
    });
    expect(history.requests.map((r: { _id: string }) => r._id)).toEqual([requestId]);
    const many = await adminDp.getMany('protection', { ids: [pat.user.id] });
    expect(many.data.map((r) => r.id)).toEqual([pat.user.id]);

    const evidence = await adminDp.getProtectionEvidence(requestId);
    expect(evidence.type).toBe('image/png');
    expect(Buffer.from(await evidence.arrayBuffer()).equals(png)).toBe(true);

    const decided = await adminDp.decideProtection(pat.user.id, {
      status: 'accepted',
      reason: '  The statement shows the portfolio. ',
    });
    expect(decided).toMatchObject({
      _id: requestId,
      status: 'accepted',
      reason: 'The statement shows the portfolio.',
      decidedBy: { id: admin.user.id },
    });
    expect((await adminDp.getOne('protection', { id: pat.user.id })).data.category).toBe('sophisticated');

    // Nothing waits any more: the server's refusal, translated.
    const again = await rejection(
      adminDp.decideProtection(pat.user.id, { status: 'rejected', reason: 'No.' }),
    );
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'protection.request_not_found' });
    expect(again.message).toBe('No request is waiting for a decision.');
  });

  it('admin servicing: getList (filters), getOne, getSchedule, declareDefault, recordRecovery, writeOff; getBusinessDate, moveBusinessDate', async () => {
    const superadmin = await signIn('superadmin');
    const superDp = providerFor('admin', superadmin.cookie);
    const { data: draft } = await corporateDp.create('ventures', { data: ventureValues('Foxtrot Mills') });
    const { data: open } = await corporateDp.update('ventures', {
      id: draft.id,
      data: { ...draft, visibility: 'public' },
      previousData: draft,
    });
    await giveKiis(t, String(open.id));
    await adminDp.update('ventures', {
      id: open.id,
      data: { adminStatus: 'approved', adminNotes: '' },
      previousData: open,
    });
    const fox = String(open.id);
    const cy = await signIn('user', {
      kycStatus: 'complete',
      protection: 'sophisticated',
      firstName: 'Cy',
      lastName: 'Loan',
    });
    await adminDp.addBalance(cy.user.id, { amount: 1000 });
    await call(cy.client.POST('/api/investments', { body: { ventureId: fox, amount: 400 } }));
    await adminDp.closeFunding(fox);

    const before = await adminDp.getBusinessDate();
    expect(before.controlled).toBe(true);
    const list = await adminDp.getList('servicing', listParams({ filter: { search: 'Foxtrot' } }));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: fox,
      venture: { _id: fox, title: 'Foxtrot Mills' },
      company: 'Sunrise Ltd',
      loanStatus: 'current',
      daysLate: 0,
      outstandingPrincipal: 400,
    });
    expect(
      (await adminDp.getList('servicing', listParams({ filter: { search: 'Foxtrot', loanStatus: 'late' } })))
        .total,
    ).toBe(0);

    // An admin may not move the date; a superadmin moves it past the first due date: late.
    const { nextDue } = await adminDp.getSchedule(fox);
    const refused = await rejection(adminDp.moveBusinessDate(nextDue!.dueDate));
    expect(refused.status).toBe(403);
    const dayAfter = new Date(Date.parse(`${nextDue!.dueDate}T00:00:00Z`) + 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const moved = await superDp.moveBusinessDate(dayAfter);
    expect(moved).toMatchObject({
      date: dayAfter,
      controlled: true,
      lastCob: { businessDate: expect.any(String) },
    });
    expect((await adminDp.getBusinessDate()).date).toBe(dayAfter);
    const backwards = await rejection(superDp.moveBusinessDate(before.date));
    expect(backwards.status).toBe(409);
    expect(backwards.body).toMatchObject({ code: 'business_date.backwards' });
    const late = await adminDp.getList(
      'servicing',
      listParams({ filter: { search: 'Foxtrot', loanStatus: 'late' } }),
    );
    expect(late.data[0]).toMatchObject({ id: fox, loanStatus: 'late_1_15' });
    expect(late.data[0]!.daysLate).toBeGreaterThan(0);
    expect(late.data[0]!.overdue).toBeGreaterThan(0);

    // A recovery before a default is refused; then default, recovery (amount less costs), write-off.
    const early = await rejection(adminDp.recordRecovery(fox, { amount: 50, costs: 10, note: '' }));
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'servicing.not_in_default' });
    expect(await adminDp.declareDefault(fox, ' Insolvency filed ')).toEqual({
      message: 'The loan is in default.',
      data: { loanStatus: 'default', writtenOff: 0 },
    });
    const cyBefore = (await call(cy.client.GET('/api/balances/my-balance'))).balance;
    const recovered = await adminDp.recordRecovery(fox, { amount: 50, costs: 10, note: 'Collector' });
    expect(recovered.data).toMatchObject({ investors: 1, loanStatus: 'recovery' });
    expect(Math.round((recovered.data.credited + recovered.data.serviceFee) * 100)).toBe(4000);
    const cyAfter = (await call(cy.client.GET('/api/balances/my-balance'))).balance;
    expect(Math.round((cyAfter - cyBefore) * 100)).toBe(Math.round(recovered.data.credited * 100));

    const page = await adminDp.getOne('servicing', { id: fox });
    expect(page.data).toMatchObject({ id: fox, loanStatus: 'recovery', investors: 1 });
    const outstanding = page.data.outstandingPrincipal as number;
    expect(outstanding).toBeLessThanOrEqual(400);
    const kinds = (page.data.events as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['disbursed', 'default', 'recovery']));
    const recoveryEvent = (page.data.events as { kind: string; allocation: { costs: number } | null }[]).find(
      (e) => e.kind === 'recovery' && e.allocation,
    );
    expect(recoveryEvent?.allocation?.costs).toBe(10);

    const written = await adminDp.writeOff(fox, 'Nothing left');
    expect(written).toEqual({
      message: 'The loan is written off.',
      data: { loanStatus: 'written_off', writtenOff: outstanding },
    });
    const again = await rejection(adminDp.writeOff(fox, 'Twice'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'servicing.loan_closed' });
    const many = await adminDp.getMany('servicing', { ids: [fox] });
    expect(many.data.map((r) => r.loanStatus)).toEqual(['written_off']);
  });

  it("admin audit: getList (actor, action family, target, day range, order) and getManyReference (a person's history)", async () => {
    const person = await signIn('user', { firstName: 'Audra' });
    const previous = (await adminDp.getOne('users', { id: person.user.id })).data;
    const off = await adminDp.update('users', {
      id: person.user.id,
      data: { ...previous, isActive: false },
      previousData: previous,
    });
    await adminDp.update('users', {
      id: person.user.id,
      data: { ...off.data, isActive: true },
      previousData: off.data,
    });

    const newest = await adminDp.getList(
      'audit',
      listParams({
        sort: { field: 'at', order: 'DESC' },
        filter: { actor: admin.user.email, action: 'user.*', targetType: 'user', targetId: person.user.id },
      }),
    );
    expect(newest.total).toBe(2);
    expect(newest.data.map((r) => r.after)).toEqual([{ isActive: true }, { isActive: false }]);
    expect(newest.data[0]).toMatchObject({
      id: newest.data[0]!._id,
      action: 'user.active',
      actor: { id: admin.user.id, email: admin.user.email },
      before: { isActive: false },
    });
    const oldest = await adminDp.getList(
      'audit',
      listParams({ sort: { field: 'at', order: 'ASC' }, filter: { targetId: person.user.id } }),
    );
    expect(oldest.data.map((r) => r.after)).toEqual([{ isActive: false }, { isActive: true }]);
    const none = await adminDp.getList(
      'audit',
      listParams({ filter: { targetId: person.user.id, from: '2000-01-01', to: '2000-01-02' } }),
    );
    expect(none.total).toBe(0);

    const history = await adminDp.getManyReference('audit', {
      target: 'targetId',
      id: person.user.id,
      filter: { targetType: 'user' },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      meta: undefined,
    });
    expect(history.total).toBe(2);
    expect(history.data[0]).toMatchObject({ targetId: person.user.id, after: { isActive: true } });
  });
  it("deposits and withdrawals: the company's account, request and cancel; the admin's withdrawals (getList, update), payment file, files list and download, statement import, entries and assignment", async () => {
    const company = await signIn('corporate', { companyName: 'Payout Ltd', kycStatus: 'complete' });
    const companyDp = providerFor('corporate', company.cookie);
    await adminDp.addBalance(company.user.id, { amount: 300, note: 'Opening balance' });

    const instructions = await companyDp.getDepositInstructions();
    expect(instructions.reference).toMatch(/^RF\d{2}AV\d{8}$/);
    expect(await companyDp.getBankAccount()).toBeNull();
    const refused = await rejection(
      companyDp.setBankAccount({ iban: 'DE89370400440532013001', holderName: 'Payout Ltd' }),
    );
    expect(refused.status).toBe(400);
    const account = await companyDp.setBankAccount({
      iban: ' DE89 3704 0044 0532 0130 00 ',
      holderName: ' Payout Ltd ',
    });
    expect(account).toMatchObject({
      iban: '******************3000',
      holderName: 'Payout Ltd',
      verified: true,
    });
    expect(await companyDp.getBankAccount()).toMatchObject({ iban: '******************3000' });

    const [first, second, third] = [
      await companyDp.requestWithdrawal(100, 'dp-verbs-w1'),
      await companyDp.requestWithdrawal(50, 'dp-verbs-w2'),
      await companyDp.requestWithdrawal(25.5, 'dp-verbs-w3'),
    ];
    // The same key withdraws once.
    expect((await companyDp.requestWithdrawal(100, 'dp-verbs-w1'))._id).toBe(first!._id);
    expect((await companyDp.cancelWithdrawal(third!._id)).status).toBe('cancelled');
    const mine = await companyDp.getList('withdrawals', listParams());
    expect(mine.total).toBe(3);
    expect(mine.data[0]).toMatchObject({ id: third!._id, status: 'cancelled' });

    const requested = await adminDp.getList(
      'withdrawals',
      listParams({ filter: { status: 'requested', search: 'Payout' } }),
    );
    expect(requested.data.map((r) => r.id).sort()).toEqual([first!._id, second!._id].sort());
    expect(requested.data[0]).toMatchObject({ holderName: 'Payout Ltd', iban: '******************3000' });
    const approved = await adminDp.update('withdrawals', {
      id: first!._id,
      data: { status: 'approved' },
      previousData: requested.data.find((r) => r.id === first!._id)!,
    });
    expect(approved.data).toMatchObject({ id: first!._id, status: 'approved', holderName: 'Payout Ltd' });
    const rejected = await adminDp.update('withdrawals', {
      id: second!._id,
      data: { status: 'rejected', reason: '  Holder differs ' },
      previousData: {},
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'Holder differs' });
    const twice = await rejection(
      adminDp.update('withdrawals', { id: second!._id, data: { status: 'approved' }, previousData: {} }),
    );
    expect(twice.body).toMatchObject({ code: 'payments.already_decided' });

    const file = await adminDp.exportWithdrawals();
    expect(file.xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(file.fileName).toMatch(/^pain001-.+\.xml$/);
    expect(file.exportId).toEqual(expect.any(String));
    const nothing = await rejection(adminDp.exportWithdrawals());
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ code: 'payments.nothing_to_export' });
    const files = await adminDp.getList('withdrawal-exports', listParams());
    expect(files.data[0]).toMatchObject({ id: file.exportId, count: 1, total: 100 });
    const again = await adminDp.downloadWithdrawalExport(file.exportId!);
    expect(again.xml).toBe(file.xml);
    expect(again.fileName).toBe(file.fileName);

    const camt = readFileSync(join(import.meta.dirname, 'fixtures', 'camt053-statement.xml'), 'utf8');
    const imported = await adminDp.importBankStatement(new Blob([camt], { type: 'application/xml' }));
    expect(imported.duplicates).toBe(0);
    expect(imported.unmatched.length).toBeGreaterThan(0);
    const notCamt = await rejection(
      adminDp.importBankStatement(new Blob(['<a/>'], { type: 'application/xml' })),
    );
    expect(notCamt.body).toMatchObject({ code: 'payments.not_camt053' });
    const entries = await adminDp.getList(
      'bank-statement-entries',
      listParams({ filter: { status: 'unmatched' } }),
    );
    const noReference = entries.data.find((e) => e.reason === 'no_reference');
    expect(noReference).toBeDefined();
    const assigned = await adminDp.assignStatementEntry(noReference!.id, {
      userId: company.user.id,
      note: ' Their name on the transfer ',
    });
    expect(assigned).toMatchObject({ status: 'assigned', userId: company.user.id });
  });
});
