/**
 * The server tidy's two shared pieces: the one list helper (page and limit clamped, `{ data,
 * pagination }`) and the one id parameter (a malformed id answers 404 with that record's code).
 */
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorText, type ErrorCode } from '../../src-shared/errors';
import { ventures } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';

let t: TestContext;
let admin: SignedIn;
let corporate: SignedIn;
let investor: SignedIn;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  corporate = await t.injectAs('corporate');
  investor = await t.injectAs('user');
  for (let i = 0; i < 3; i++) {
    await t.database.db.insert(ventures).values({
      title: `Listed ${i}`,
      shortDescription: 'short',
      longDescription: 'long',
      collateralDescription: 'collateral',
      country: 'KE',
      ventureType: 'sme',
      riskLevel: 'low',
      minInvestmentCents: 5000n,
      maxInvestmentCents: 100000n,
      targetAmountCents: 1000000n,
      expectedReturn: '12.50',
      investmentPeriod: 12,
      closingDate: new Date(Date.now() + 30 * 86_400_000),
      collateralValueCents: 1200000n,
      loanToValue: '80',
      adminStatus: 'approved',
      visibility: 'public',
      createdBy: corporate.user!.id,
    });
  }
  // Two more balances: four in all with the corporate's and the investor's (the admin's account holds
  // nothing, so GET /api/balances, investors' and corporates' balances, leaves it out).
  await t.createUser({ role: 'user' });
  await t.createUser({ role: 'corporate' });
});

describe('list pagination: page and limit are clamped, the answer is { data, pagination }', () => {
  const lists = [
    {
      name: 'public ventures',
      url: '/api/ventures',
      as: () => (o: InjectOptions) => t.app.inject(o),
      defaultLimit: 9,
      total: 3,
    },
    { name: 'admin balances', url: '/api/balances', as: () => admin.inject, defaultLimit: 10, total: 4 },
  ];
  const cases: { query: string; page: number; limit: number | 'default' }[] = [
    { query: 'page=0', page: 1, limit: 'default' },
    { query: 'page=-1', page: 1, limit: 'default' },
    { query: 'page=abc', page: 1, limit: 'default' },
    { query: 'limit=0', page: 1, limit: 1 },
    { query: 'limit=-5', page: 1, limit: 1 },
    { query: 'limit=1000', page: 1, limit: 100 },
    { query: 'limit=abc', page: 1, limit: 'default' },
    { query: 'page=2&limit=2', page: 2, limit: 2 },
  ];
  for (const list of lists) {
    for (const c of cases) {
      it(`${list.name}: ?${c.query}`, async () => {
        const inject = list.as();
        const res = await inject({ method: 'GET', url: `${list.url}?${c.query}` });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
        const limit = c.limit === 'default' ? list.defaultLimit : c.limit;
        expect(body.pagination).toEqual({
          page: c.page,
          limit,
          total: list.total,
          totalPages: Math.ceil(list.total / limit),
        });
        const expectedRows = Math.max(0, Math.min(limit, list.total - (c.page - 1) * limit));
        expect(body.data).toHaveLength(expectedRows);
      });
    }
  }
});

describe('a malformed id answers 404 with the record’s not-found code, on every id-taking route', () => {
  type Case = {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH';
    /** The route as the OpenAPI document names it, `{id}` for the id. */
    route: string;
    as: () => SignedIn;
    code: ErrorCode;
    payload?: Record<string, unknown>;
  };
  const table: Case[] = [
    { method: 'GET', route: '/api/ventures/id/{ventureId}', as: () => investor, code: 'venture.not_found' },
    {
      method: 'GET',
      route: '/api/ventures/my-ventures/{ventureId}',
      as: () => corporate,
      code: 'venture.not_found',
    },
    {
      method: 'GET',
      route: '/api/ventures/my-ventures/{ventureId}/investments',
      as: () => corporate,
      code: 'venture.not_found',
    },
    {
      method: 'GET',
      route: '/api/ventures/my-ventures/{ventureId}/kiis',
      as: () => corporate,
      code: 'venture.not_found',
    },
    {
      method: 'PUT',
      route: '/api/ventures/my-ventures/{ventureId}/kiis',
      as: () => corporate,
      code: 'venture.not_found',
      payload: {},
    },
    { method: 'GET', route: '/api/ventures/{ventureId}/kiis', as: () => investor, code: 'venture.not_found' },
    {
      method: 'GET',
      route: '/api/admin/protection/requests/{requestId}/evidence',
      as: () => admin,
      code: 'protection.request_not_found',
    },
    {
      method: 'GET',
      route: '/api/admin/protection/{userId}/history',
      as: () => admin,
      code: 'user.not_found',
    },
    {
      method: 'PATCH',
      route: '/api/admin/protection/{userId}',
      as: () => admin,
      code: 'protection.request_not_found',
      payload: { status: 'rejected', reason: 'No evidence' },
    },
    {
      method: 'PATCH',
      route: '/api/ventures/id/{ventureId}',
      as: () => corporate,
      code: 'venture.not_found',
      payload: { title: 'New title' },
    },
    {
      method: 'PATCH',
      route: '/api/ventures/id/{ventureId}/upload-image',
      as: () => corporate,
      code: 'venture.not_found',
    },
    {
      method: 'PATCH',
      route: '/api/ventures/{ventureId}/delete-image',
      as: () => corporate,
      code: 'venture.not_found',
      payload: { imageUrl: 'uploads/ventures/x/y.jpg' },
    },
    {
      method: 'PATCH',
      route: '/api/ventures/admin/{ventureId}/admin-status-update',
      as: () => admin,
      code: 'venture.not_found',
      payload: { adminStatus: 'approved' },
    },
    {
      method: 'POST',
      route: '/api/ventures/admin/{ventureId}/close-funding',
      as: () => admin,
      code: 'venture.not_found',
    },
    {
      method: 'POST',
      route: '/api/ventures/admin/{ventureId}/cancel',
      as: () => admin,
      code: 'venture.not_found',
      payload: { reason: 'Fraud' },
    },
    {
      method: 'POST',
      route: '/api/ventures/admin/{ventureId}/repayments',
      as: () => admin,
      code: 'venture.not_found',
      payload: { amount: 10 },
    },
    {
      method: 'GET',
      route: '/api/ventures/{ventureId}/schedule',
      as: () => investor,
      code: 'venture.not_found',
    },
    {
      method: 'POST',
      route: '/api/ventures/my-ventures/{ventureId}/repay',
      as: () => corporate,
      code: 'venture.not_found',
      payload: { amount: 1 },
    },
    {
      method: 'POST',
      route: '/api/ventures/admin/{ventureId}/default',
      as: () => admin,
      code: 'venture.not_found',
      payload: { reason: 'Stopped trading' },
    },
    {
      method: 'POST',
      route: '/api/ventures/admin/{ventureId}/recoveries',
      as: () => admin,
      code: 'venture.not_found',
      payload: { amount: 10 },
    },
    {
      method: 'POST',
      route: '/api/ventures/admin/{ventureId}/write-off',
      as: () => admin,
      code: 'venture.not_found',
      payload: { reason: 'Nothing left' },
    },
    { method: 'GET', route: '/api/admin/servicing/{ventureId}', as: () => admin, code: 'venture.not_found' },
    {
      method: 'GET',
      route: '/api/investments/{investmentId}',
      as: () => investor,
      code: 'investment.not_found',
    },
    {
      method: 'POST',
      route: '/api/investments/{investmentId}/revoke',
      as: () => investor,
      code: 'investment.not_found',
    },
    { method: 'GET', route: '/api/balances/{userId}/history', as: () => admin, code: 'user.not_found' },
    { method: 'POST', route: '/api/balances/add-balance/{userId}', as: () => admin, code: 'user.not_found' },
    {
      method: 'GET',
      route: '/api/balances/proofs/{transactionId}',
      as: () => admin,
      code: 'balance.proof_not_found',
    },
    { method: 'GET', route: '/api/kyc/admin/{userId}', as: () => admin, code: 'user.not_found' },
    {
      method: 'PATCH',
      route: '/api/kyc/admin/{userId}',
      as: () => admin,
      code: 'user.not_found',
      payload: { status: 'complete' },
    },
    {
      method: 'GET',
      route: '/api/kyc/admin/documents/{documentId}',
      as: () => admin,
      code: 'kyc.document_not_found',
    },
    { method: 'GET', route: '/api/users/{id}', as: () => admin, code: 'user.not_found' },
    {
      method: 'PATCH',
      route: '/api/users/{id}',
      as: () => admin,
      code: 'user.not_found',
      payload: { isActive: false },
    },
    { method: 'GET', route: '/api/admin/mails/{id}', as: () => admin, code: 'mail.not_found' },
    {
      method: 'PATCH',
      route: '/api/admin/mails/{id}',
      as: () => admin,
      code: 'mail.not_found',
      payload: { status: 'read' },
    },
    { method: 'GET', route: '/api/tickets/{id}', as: () => investor, code: 'ticket.not_found' },
    {
      method: 'POST',
      route: '/api/tickets/{id}/messages',
      as: () => investor,
      code: 'ticket.not_found',
      payload: { message: 'Hello' },
    },
    {
      method: 'PATCH',
      route: '/api/admin/tickets/{id}',
      as: () => admin,
      code: 'ticket.not_found',
      payload: { status: 'closed' },
    },
    {
      method: 'POST',
      route: '/api/payments/withdrawals/{id}/cancel',
      as: () => investor,
      code: 'payments.withdrawal_not_found',
    },
    {
      method: 'PATCH',
      route: '/api/admin/withdrawals/{id}',
      as: () => admin,
      code: 'payments.withdrawal_not_found',
      payload: { status: 'approved' },
    },
    {
      method: 'GET',
      route: '/api/admin/withdrawals/exports/{exportId}',
      as: () => admin,
      code: 'payments.export_not_found',
    },
    {
      method: 'POST',
      route: '/api/admin/bank-statements/entries/{entryId}/assign',
      as: () => admin,
      code: 'payments.entry_not_found',
      payload: { userId: '6f1c2a9e-0000-4000-8000-000000000000' },
    },
  ];
  // Not an id: the built-in verification page's token (its own check answers kyc.invalid_link).
  const notIds = ['/api/kyc/session/{token}'];

  it('the table covers every route of the API with a path parameter', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const withParams = Object.entries(paths)
      .filter(([path]) => path.includes('{') && !notIds.includes(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(table.map((c) => `${c.method} ${c.route}`).sort()).toEqual(withParams);
  });

  for (const c of table) {
    for (const bad of [
      'abc',
      '123',
      '6f1c2a9e-0000-4000-8000-00000000000z',
      '6f1c2a9e-0000-4000-8000-0000000000000',
    ]) {
      it(`${c.method} ${c.route} with id ${bad}: 404 ${c.code}`, async () => {
        const url = c.route.replace(/\{\w+\}/, encodeURIComponent(bad));
        const res = await c
          .as()
          .inject({ method: c.method, url, ...(c.payload ? { payload: c.payload } : {}) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: errorText(c.code), code: c.code });
      });
    }
  }

  it('POST /api/investments with a malformed ventureId: 404 venture.not_found', async () => {
    const res = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: 'abc', amount: 100 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Venture not found.', code: 'venture.not_found' });
  });

  it('a well-formed id that names nothing answers the same 404', async () => {
    const unknown = '6f1c2a9e-0000-4000-8000-000000000000';
    const venture = await investor.inject({ method: 'GET', url: `/api/ventures/id/${unknown}` });
    expect(venture.statusCode).toBe(404);
    expect(venture.json()).toMatchObject({ code: 'venture.not_found' });
    const kyc = await admin.inject({ method: 'GET', url: `/api/kyc/admin/${unknown}` });
    expect(kyc.statusCode).toBe(404);
    expect(kyc.json()).toMatchObject({ code: 'user.not_found' });
  });
});
