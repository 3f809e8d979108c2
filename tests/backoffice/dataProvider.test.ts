import { describe, expect, it, vi } from 'vitest';
import { HttpError, type GetListParams } from 'react-admin';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';
import {
  changedFields,
  clampLimit,
  createDataProvider,
  filterQuery,
} from '../../src-backoffice/providers/dataProvider';

/** A client whose fetch answers `json` (openapi-fetch hands it a Request) and records the requests. */
function mockHttp(json: unknown = { data: [], pagination: { total: 0 } }, status = 200) {
  const requests: Request[] = [];
  const answers: Array<{ json: unknown; status: number }> = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    const answer = answers.shift() ?? { json, status };
    return new Response(JSON.stringify(answer.json), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch });
  return {
    client,
    fetch,
    requests,
    /** The next answer only. */
    answerOnce: (next: unknown, nextStatus = 200) => answers.push({ json: next, status: nextStatus }),
  };
}
type Http = ReturnType<typeof mockHttp>;

function listParams(overrides: Partial<GetListParams> = {}): GetListParams {
  return {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
    ...overrides,
  };
}

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

async function lastCall(http: Http) {
  const request = http.requests.at(-1);
  if (!request) throw new Error('the client was not called');
  const text = request.method === 'GET' ? '' : await request.clone().text();
  const isJson = (request.headers.get('Content-Type') ?? '').includes('application/json');
  const body = text === '' ? undefined : isJson ? JSON.parse(text) : text;
  return { url: pathOf(request), method: request.method, body };
}

describe('query helpers', () => {
  it('leaves out empty and "all" values and keeps the given order', () => {
    const filter = { a: ' one ', b: '', c: 'all', d: null, e: undefined, f: false, g: 0, h: 'unknown' };
    const query = filterQuery<Record<string, unknown>>(listParams({ filter }), [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]);
    expect(query).toEqual({ a: 'one', f: false, g: 0 });
    expect(Object.keys(query)).toEqual(['a', 'f', 'g']);
  });

  it('clamps limit to 1..100', () => {
    expect(clampLimit(1000)).toBe(100);
    expect(clampLimit(0)).toBe(1);
    expect(clampLimit(-5)).toBe(1);
    expect(clampLimit(25)).toBe(25);
    expect(clampLimit('abc')).toBe(10);
  });

  it('finds the changed writable fields only', () => {
    expect(
      changedFields(
        { title: 'New', country: 'KE', tags: ['a'], adminStatus: 'approved' },
        { title: 'Old', country: 'KE', tags: ['a'], adminStatus: 'pending' },
        ['title', 'country', 'tags'],
      ),
    ).toEqual({ title: 'New' });
  });
});

describe('admin dataProvider', () => {
  it('users getList: GET /api/users with role, isActive, search, page, limit; reads `users`', async () => {
    const http = mockHttp({
      users: [{ id: 'u1', firstName: 'Ann' }],
      pagination: { page: 2, limit: 25, total: 31 },
    });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getList(
      'users',
      listParams({
        pagination: { page: 2, perPage: 25 },
        filter: { search: ' ann ', role: 'superadmin', isActive: 'true', unknown: 'x' },
      }),
    );
    expect(await lastCall(http)).toEqual({
      url: '/api/users?role=superadmin&isActive=true&search=ann&page=2&limit=25',
      method: 'GET',
      body: undefined,
    });
    expect(result).toEqual({ data: [{ id: 'u1', firstName: 'Ann' }], total: 31 });
  });

  it('users getList: empty filters are not sent and limit is clamped to 100', async () => {
    const http = mockHttp({ users: [], pagination: { total: 0 } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    await dp.getList(
      'users',
      listParams({ pagination: { page: 1, perPage: 1000 }, filter: { search: '', role: 'all' } }),
    );
    expect((await lastCall(http)).url).toBe('/api/users?page=1&limit=100');
  });

  it('users update: PATCH /api/users/{id} with the changed isActive/role only', async () => {
    const http = mockHttp({
      message: 'Updated successfully',
      data: { id: 'u1', isActive: false, role: 'user' },
    });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.update('users', {
      id: 'u1',
      data: { isActive: false, role: 'user', firstName: 'Changed' },
      previousData: { id: 'u1', isActive: true, role: 'user', firstName: 'Ann' },
    });
    expect(await lastCall(http)).toEqual({
      url: '/api/users/u1',
      method: 'PATCH',
      body: { isActive: false },
    });
    expect(result.data).toEqual({ id: 'u1', isActive: false, role: 'user' });
  });

  it('ventures getList: GET /api/ventures/admin-get-all with the seven filters; maps _id and total', async () => {
    const http = mockHttp({
      data: [{ _id: 'v1', title: 'Solar' }],
      pagination: { page: 3, limit: 10, total: 21, totalPages: 3 },
    });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getList(
      'ventures',
      listParams({
        pagination: { page: 3, perPage: 10 },
        filter: {
          search: 'solar',
          lifecycleStatus: 'coming-soon',
          ventureType: 'sme',
          adminStatus: 'under-review',
          visibility: 'draft',
          riskLevel: 'high',
          country: 'KE',
        },
      }),
    );
    expect((await lastCall(http)).url).toBe(
      '/api/ventures/admin-get-all?search=solar&lifecycleStatus=coming-soon&ventureType=sme&adminStatus=under-review&visibility=draft&riskLevel=high&country=KE&page=3&limit=10',
    );
    expect(result).toEqual({ data: [{ _id: 'v1', id: 'v1', title: 'Solar' }], total: 21 });
  });

  it('ventures getOne: GET /api/ventures/id/{id}, `_id` becomes id', async () => {
    const http = mockHttp({ data: { _id: 'v 1', title: 'Solar' } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getOne('ventures', { id: 'v 1' });
    expect(await lastCall(http)).toEqual({ url: '/api/ventures/id/v%201', method: 'GET', body: undefined });
    expect(result.data).toEqual({ _id: 'v 1', id: 'v 1', title: 'Solar' });
  });

  it('ventures update: PATCH admin-status-update with { adminStatus, adminNotes }', async () => {
    const http = mockHttp({ message: 'Updated successfully', data: { _id: 'v1', adminStatus: 'approved' } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.update('ventures', {
      id: 'v1',
      data: { adminStatus: 'approved', adminNotes: 'Looks good', title: 'ignored' },
      previousData: { id: 'v1', adminStatus: 'pending' },
    });
    expect(await lastCall(http)).toEqual({
      url: '/api/ventures/admin/v1/admin-status-update',
      method: 'PATCH',
      body: { adminStatus: 'approved', adminNotes: 'Looks good' },
    });
    expect(result.data).toMatchObject({ id: 'v1', adminStatus: 'approved' });
  });

  it('ventures getMany: one getOne per id', async () => {
    const http = mockHttp();
    http.answerOnce({ data: { _id: 'a' } });
    http.answerOnce({ data: { _id: 'b' } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getMany('ventures', { ids: ['a', 'b'] });
    expect(http.requests.map(pathOf)).toEqual(['/api/ventures/id/a', '/api/ventures/id/b']);
    expect(result.data.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('balances getList: search, page, limit, sortBy, sortOrder; row id is user.id', async () => {
    const http = mockHttp({
      data: [{ user: { id: 'u7', firstName: 'Ann' }, balance: 12.5, updatedAt: '2025-01-01T00:00:00Z' }],
      pagination: { total: 1 },
    });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getList(
      'balances',
      listParams({ filter: { search: 'ann' }, sort: { field: 'balance', order: 'ASC' } }),
    );
    expect((await lastCall(http)).url).toBe(
      '/api/balances?search=ann&page=1&limit=10&sortBy=balance&sortOrder=asc',
    );
    expect(result.data[0]?.id).toBe('u7');
    expect(result.total).toBe(1);

    await dp.getList('balances', listParams({ sort: { field: 'updatedAt', order: 'DESC' } }));
    expect((await lastCall(http)).url).toBe('/api/balances?page=1&limit=10&sortBy=updatedAt&sortOrder=desc');

    // The API sorts by updatedAt or balance only; any other field is not sent.
    await dp.getList('balances', listParams({ sort: { field: 'user.email', order: 'ASC' } }));
    expect((await lastCall(http)).url).toBe('/api/balances?page=1&limit=10');
  });

  it('balance-histories getList: GET /api/balances/all-histories?search&page&limit', async () => {
    const http = mockHttp({ data: [{ id: 'h1', amount: -5 }], pagination: { total: 40 } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getList(
      'balance-histories',
      listParams({ pagination: { page: 4, perPage: 10 }, filter: { search: 'bob' } }),
    );
    expect((await lastCall(http)).url).toBe('/api/balances/all-histories?search=bob&page=4&limit=10');
    expect(result).toEqual({ data: [{ id: 'h1', amount: -5 }], total: 40 });
  });

  it('investments getList: GET /api/investments/admin?search&status&page&limit; `_id` becomes id', async () => {
    const http = mockHttp({ data: [{ _id: 'i1', amount: 100 }], pagination: { total: 1 } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const result = await dp.getList(
      'investments',
      listParams({ filter: { search: 'sol', status: 'repaid' } }),
    );
    expect((await lastCall(http)).url).toBe(
      '/api/investments/admin?search=sol&status=repaid&page=1&limit=10',
    );
    expect(result.data).toEqual([{ _id: 'i1', id: 'i1', amount: 100 }]);
  });

  it('money lists: the filters and the sort fields each API takes, nothing else', async () => {
    const http = mockHttp({ data: [], pagination: { total: 0 } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    await dp.getList(
      'balance-histories',
      listParams({
        filter: {
          userId: 'u1',
          from: '2026-03-01',
          to: '2026-03-31',
          kind: 'deposit',
          search: '',
          other: 'x',
        },
        sort: { field: 'amount', order: 'ASC' },
      }),
    );
    expect((await lastCall(http)).url).toBe(
      '/api/balances/all-histories?userId=u1&from=2026-03-01&to=2026-03-31&kind=deposit&page=1&limit=10&sortBy=amount&order=asc',
    );
    await dp.getList('balance-histories', listParams({ sort: { field: 'at', order: 'DESC' } }));
    expect((await lastCall(http)).url).toBe(
      '/api/balances/all-histories?page=1&limit=10&sortBy=at&order=desc',
    );

    await dp.getList(
      'investments',
      listParams({
        filter: { ventureId: 'v1', userId: 'u1', status: 'all' },
        sort: { field: 'status', order: 'DESC' },
      }),
    );
    expect((await lastCall(http)).url).toBe(
      '/api/investments/admin?ventureId=v1&userId=u1&page=1&limit=10&sortBy=status&order=desc',
    );
    // A column the API does not sort by is not sent.
    await dp.getList('investments', listParams({ sort: { field: 'venture.title', order: 'ASC' } }));
    expect((await lastCall(http)).url).toBe('/api/investments/admin?page=1&limit=10');
  });

  it('balances getOne: GET /api/balances?userId&limit=1; no row is a 404 user.not_found', async () => {
    const http = mockHttp({ data: [], pagination: { total: 0 } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    http.answerOnce({ data: [{ id: 'a1', user: { id: 'u7' }, balance: 3 }], pagination: { total: 1 } });
    const one = await dp.getOne('balances', { id: 'u7' });
    expect((await lastCall(http)).url).toBe('/api/balances?userId=u7&limit=1');
    expect(one.data).toMatchObject({ id: 'u7', balance: 3 });
    const error = await dp.getOne('balances', { id: 'u8' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 404,
      message: 'User not found.',
      body: { code: 'user.not_found' },
    });
  });

  it("addBalance sends the form's Idempotency-Key", async () => {
    const http = mockHttp({ message: 'Balance updated successfully.', balance: 10 });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const progress: number[] = [];
    await dp.addBalance('u1', {
      amount: 10,
      idempotencyKey: 'form-key-1',
      onProgress: (f) => progress.push(f),
    });
    expect(http.requests[0]!.headers.get('Idempotency-Key')).toBe('form-key-1');
    // Without XMLHttpRequest (a client given to the provider), the progress is complete with the answer.
    expect(progress).toEqual([1]);
    await dp.addBalance('u1', { amount: 10 });
    expect(http.requests[1]!.headers.get('Idempotency-Key')).toBeNull();
  });

  it('mails getList reads `mails`; getOne and update use /api/admin/mails/{id}', async () => {
    const http = mockHttp({ mails: [{ id: 'm1', subject: 'Hi' }], pagination: { total: 12 } });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const list = await dp.getList(
      'mails',
      listParams({ pagination: { page: 2, perPage: 5 }, filter: { status: 'unread', search: 'hi' } }),
    );
    expect((await lastCall(http)).url).toBe('/api/admin/mails?status=unread&search=hi&page=2&limit=5');
    expect(list).toEqual({ data: [{ id: 'm1', subject: 'Hi' }], total: 12 });

    http.answerOnce({ data: { id: 'm1', status: 'read' } });
    const one = await dp.getOne('mails', { id: 'm1' });
    expect(await lastCall(http)).toEqual({ url: '/api/admin/mails/m1', method: 'GET', body: undefined });
    expect(one.data).toEqual({ id: 'm1', status: 'read' });

    http.answerOnce({ message: 'Updated successfully', data: { id: 'm1', status: 'unread' } });
    const updated = await dp.update('mails', {
      id: 'm1',
      data: { status: 'unread', subject: 'x' },
      previousData: { id: 'm1', status: 'read' },
    });
    expect(await lastCall(http)).toEqual({
      url: '/api/admin/mails/m1',
      method: 'PATCH',
      body: { status: 'unread' },
    });
    expect(updated.data).toEqual({ id: 'm1', status: 'unread' });
  });

  it('kyc getList: GET /api/kyc/admin?status&search&page&limit (&sortBy&order); id = the person', async () => {
    const http = mockHttp({
      data: [{ id: 'k1', user: { id: 'u1' }, status: 'pending' }],
      pagination: { total: 1 },
    });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const { data } = await dp.getList('kyc', listParams({ filter: { status: 'pending', search: 'ann' } }));
    expect((await lastCall(http)).url).toBe('/api/kyc/admin?status=pending&search=ann&page=1&limit=10');
    expect(data[0]).toMatchObject({ id: 'u1', verificationId: 'k1' });
    await dp.getList('kyc', listParams({ sort: { field: 'submittedAt', order: 'ASC' } }));
    expect((await lastCall(http)).url).toBe('/api/kyc/admin?page=1&limit=10&sortBy=submittedAt&order=asc');
  });

  it('addBalance: multipart POST /api/balances/add-balance/{userId} with amount, note and proof', async () => {
    const http = mockHttp({ message: 'Balance updated successfully.', balance: 87.5 });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    const proof = new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' });
    // jsdom's File does not survive Node's Request; the parts are read where the form is built.
    const append = vi.spyOn(FormData.prototype, 'append');
    const result = await dp.addBalance('u1', { amount: -12.5, note: '  refund  ', proof });
    const parts = Object.fromEntries(append.mock.calls.map(([name, value]) => [name, value]));
    append.mockRestore();
    const request = http.requests[0]!;
    expect(pathOf(request)).toBe('/api/balances/add-balance/u1');
    expect(request.method).toBe('POST');
    // multipart: no JSON content type forced on the request
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(parts.amount).toBe('-12.5');
    expect(parts.note).toBe('refund');
    expect((parts.proof as File).name).toBe('proof.pdf');
    expect(Object.keys(parts)).toEqual(['amount', 'note', 'proof']);
    expect(result).toEqual({ message: 'Balance updated successfully.', balance: 87.5 });
  });

  it('addBalance leaves out an empty note and a missing proof', async () => {
    const http = mockHttp({ message: 'ok' });
    const dp = createDataProvider({ app: 'admin', client: http.client });
    await dp.addBalance('u1', { amount: 10, note: '', proof: null });
    const form = await http.requests[0]!.formData();
    expect([...form.keys()]).toEqual(['amount']);
  });

  it('rejects unsupported verbs with a clear error and makes no call', async () => {
    const http = mockHttp();
    const dp = createDataProvider({ app: 'admin', client: http.client });
    await expect(dp.delete('users', { id: 'u1' })).rejects.toThrow(/does not support delete on "users"/);
    await expect(dp.deleteMany('users', { ids: ['u1'] })).rejects.toThrow(/deleteMany/);
    await expect(dp.updateMany('balance-histories', { ids: ['h1'], data: {} })).rejects.toThrow(
      /update on "balance-histories"/,
    );
    await expect(
      dp.getManyReference('nope', { target: 'x', id: 1, ...listParams() } as never),
    ).rejects.toThrow(/getList on "nope"/);
    await expect(dp.create('ventures', { data: { title: 'x' } })).rejects.toThrow(/create on "ventures"/);
    await expect(dp.getOne('balance-histories', { id: 'h1' })).rejects.toThrow(
      /getOne on "balance-histories"/,
    );
    await expect(dp.getList('nope', listParams())).rejects.toThrow(/getList on "nope"/);
    expect(http.fetch).not.toHaveBeenCalled();
  });
});

describe('corporate dataProvider', () => {
  const rows = [
    { _id: 'a', title: 'Alpha', createdAt: '2025-01-01T00:00:00Z', targetAmount: 300 },
    { _id: 'b', title: 'Bravo', createdAt: '2025-03-01T00:00:00Z', targetAmount: 100 },
    { _id: 'c', title: 'Charlie', createdAt: '2025-02-01T00:00:00Z', targetAmount: 200 },
  ];

  it('ventures getList: GET /api/ventures/my-ventures, sorted and paginated here', async () => {
    const http = mockHttp({ data: rows });
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    const page1 = await dp.getList(
      'ventures',
      listParams({ pagination: { page: 1, perPage: 2 }, sort: { field: 'createdAt', order: 'DESC' } }),
    );
    expect(await lastCall(http)).toEqual({
      url: '/api/ventures/my-ventures',
      method: 'GET',
      body: undefined,
    });
    expect(page1.data.map((r) => r.id)).toEqual(['b', 'c']);
    expect(page1.total).toBe(3);
    const page2 = await dp.getList(
      'ventures',
      listParams({ pagination: { page: 2, perPage: 2 }, sort: { field: 'createdAt', order: 'DESC' } }),
    );
    expect(page2.data.map((r) => r.id)).toEqual(['a']);
    const byTarget = await dp.getList(
      'ventures',
      listParams({ pagination: { page: 1, perPage: 10 }, sort: { field: 'targetAmount', order: 'ASC' } }),
    );
    expect(byTarget.data.map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('ventures create: POST /api/ventures with writable fields plus lifecycleStatus, visibility, dateIssued', async () => {
    const http = mockHttp({ message: 'Venture created!', data: { _id: 'new1', title: 'Solar' } });
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    const result = await dp.create('ventures', {
      data: {
        title: 'Solar',
        targetAmount: 1000,
        adminStatus: 'approved',
        images: ['x.jpg'],
        amountFunded: 5,
      },
    });
    expect(await lastCall(http)).toEqual({
      url: '/api/ventures',
      method: 'POST',
      body: {
        title: 'Solar',
        targetAmount: 1000,
        lifecycleStatus: 'coming-soon',
        visibility: 'draft',
        dateIssued: null,
      },
    });
    expect(result.data).toEqual({ _id: 'new1', id: 'new1', title: 'Solar' });
  });

  it('ventures update: PATCH /api/ventures/id/{id} with the changed writable fields only', async () => {
    const http = mockHttp({ message: 'Updated successfully', data: { _id: 'a', title: 'Alpha 2' } });
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    await dp.update('ventures', {
      id: 'a',
      data: { title: 'Alpha 2', tags: ['x'], targetAmount: 300, adminStatus: 'approved', amountFunded: 99 },
      previousData: { id: 'a', title: 'Alpha', tags: ['x'], targetAmount: 300, adminStatus: 'pending' },
    });
    expect(await lastCall(http)).toEqual({
      url: '/api/ventures/id/a',
      method: 'PATCH',
      body: { title: 'Alpha 2' },
    });
  });

  it('ventures update without changes makes no call', async () => {
    const http = mockHttp();
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    const result = await dp.update('ventures', {
      id: 'a',
      data: { title: 'Alpha' },
      previousData: { id: 'a', title: 'Alpha' },
    });
    expect(http.fetch).not.toHaveBeenCalled();
    expect(result.data).toEqual({ id: 'a', title: 'Alpha' });
  });

  it('ventures getOne: the owner-scoped GET /api/ventures/my-ventures/{id}, never the public call', async () => {
    const http = mockHttp({ data: { _id: 'a' } });
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    await dp.getOne('ventures', { id: 'a' });
    expect((await lastCall(http)).url).toBe('/api/ventures/my-ventures/a');
  });

  it('has no admin resources', async () => {
    const http = mockHttp();
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    await expect(dp.getList('users', listParams())).rejects.toThrow(
      /corporate back office does not support getList/,
    );
    expect(http.fetch).not.toHaveBeenCalled();
  });

  it('profile and verification calls', async () => {
    const http = mockHttp({ data: { id: 'u1', firstName: 'Ann' } });
    const dp = createDataProvider({ app: 'corporate', client: http.client });
    expect(await dp.getProfile()).toEqual({ id: 'u1', firstName: 'Ann' });
    expect(await lastCall(http)).toEqual({ url: '/api/profile/get', method: 'GET', body: undefined });
    const profile = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+254700000000',
      countryName: 'Kenya',
      address: '1 Harbour Road',
      newsletterFrequency: 'weekly' as const,
    };
    await dp.updateProfile(profile);
    expect(await lastCall(http)).toEqual({
      url: '/api/profile/update',
      method: 'PUT',
      body: profile,
    });
    await dp.getMyVerification();
    expect((await lastCall(http)).url).toBe('/api/kyc/my-verification');
    await dp.startVerification();
    expect(await lastCall(http)).toEqual({
      url: '/api/kyc/start-verification',
      method: 'POST',
      body: undefined,
    });
  });
});

describe('errors', () => {
  it('a 4xx { message, code, errors, codes } becomes an HttpError translated by code', async () => {
    const http = mockHttp(
      {
        message: 'Invalid input.',
        code: 'common.invalid_input',
        errors: { title: 'Title is required' },
        codes: { title: 'venture.field_required' },
        params: { field: 'title' },
      },
      400,
    );
    const i18n = createI18n('fr', 'backoffice', resources);
    const dp = createDataProvider({ app: 'corporate', client: http.client, i18n });
    const error = await dp.create('ventures', { data: { title: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toBe(i18n.t('common.invalid_input', { ns: 'errors' }));
    expect((error as HttpError).message).not.toBe('Invalid input.');
    const body = (error as HttpError).body as { code: string; errors: Record<string, string> };
    expect(body.code).toBe('common.invalid_input');
    expect(Object.keys(body.errors)).toEqual(['title']);
    expect(body.errors.title).not.toBe('Title is required');
    const request = http.requests[0]!;
    expect(pathOf(request)).toBe('/api/ventures');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('turns a request without an answer into HttpError status 0', async () => {
    const client = createApiClient({
      baseUrl: 'http://backoffice.test',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const dp = createDataProvider({ app: 'admin', client });
    const error = await dp.getList('balances', listParams()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect((error as HttpError).message).toBe('No response from server. Please try again later.');
  });
});
