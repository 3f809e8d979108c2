/**
 * The back-office dataProvider: maps react-admin calls onto the API's own paths (API contract).
 *
 * Admin app (`createDataProvider({ app: 'admin' })`):
 *
 * | resource | verb | HTTP call | answer |
 * |---|---|---|---|
 * | users | getList | GET /api/users?role&isActive&search&page&limit | `users`, pagination.total |
 * | users | update | PATCH /api/users/{id} { isActive?, role? } (changed ones only) | `data` |
 * | ventures | getList | GET /api/ventures/admin-get-all?search&lifecycleStatus&ventureType&adminStatus&visibility&riskLevel&country&page&limit | `data` (_id -> id), pagination.total |
 * | ventures | getOne | GET /api/ventures/id/{id} | `data` (_id -> id) |
 * | ventures | update | PATCH /api/ventures/admin/{id}/admin-status-update { adminStatus, adminNotes } | `data` |
 * | balances | getList | GET /api/balances?search&page&limit&sortBy(updatedAt, balance)&sortOrder(asc, desc) | `data` (id = user.id) |
 * | balance-histories | getList | GET /api/balances/all-histories?search&page&limit | `data` |
 * | investments | getList | GET /api/investments/admin?search&status&page&limit | `data` (_id -> id) |
 * | mails | getList | GET /api/admin/mails?status&search&page&limit | `mails`, pagination.total |
 * | mails | getOne | GET /api/admin/mails/{id} | `data` |
 * | mails | update | PATCH /api/admin/mails/{id} { status } | `data` |
 * | kyc | getList | GET /api/kyc/admin?status&search&page&limit | `data` |
 * | - | addBalance(userId, { amount, note, proof }) | POST /api/balances/add-balance/{userId} (multipart) | `{ message, balance }` |
 *
 * Corporate app (`createDataProvider({ app: 'corporate' })`):
 *
 * | resource | verb | HTTP call | answer |
 * |---|---|---|---|
 * | ventures | getList | GET /api/ventures/my-ventures (sorted and paginated here) | `data` array (_id -> id) |
 * | ventures | getOne | GET /api/ventures/id/{id} | `data` (_id -> id) |
 * | ventures | create | POST /api/ventures { writable fields, lifecycleStatus, visibility, dateIssued: null } | `data` |
 * | ventures | update | PATCH /api/ventures/id/{id} { changed writable fields } | `data` |
 *
 * Both apps: getMany = one getOne per id (where getOne exists); getProfile -> GET /api/profile/get;
 * updateProfile -> PUT /api/profile/update; getMyVerification -> GET /api/kyc/my-verification;
 * startVerification -> POST /api/kyc/start-verification. Every other verb rejects with an Error
 * naming the verb and the resource.
 *
 * Pagination: react-admin's page/perPage become page/limit, limit clamped to 1..100. Filters are
 * passed on only when the endpoint knows them and they are not empty or 'all'.
 * Errors: a 4xx/5xx answer `{ message, errors }` becomes an HttpError(message, status, body), so
 * react-admin shows `message` and maps `errors` onto the form inputs.
 */
import {
  fetchUtils,
  HttpError,
  type CreateParams,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import type { MyVerification } from '../../src-shared/contracts/kyc';
import type { BackofficeApp } from './canAccess';

export const API_URL = '/api';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  // The parsed JSON answer; its shape depends on the call.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<HttpResponse>;

/** fetchUtils.fetchJson with cookies; a request that gets no answer becomes HttpError status 0. */
export const defaultHttpClient: HttpClient = async (url, options = {}) => {
  try {
    return await fetchUtils.fetchJson(url, { credentials: 'include', ...options });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError('app.error.no_response', 0, null);
  }
};

/** Fields of a venture its owner may write (spec 5); everything else is read-only or has its own call. */
export const VENTURE_WRITABLE_FIELDS = [
  'title',
  'shortDescription',
  'longDescription',
  'collateralDescription',
  'country',
  'ventureType',
  'riskLevel',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
  'collateralValue',
  'loanToValue',
  'isConvertible',
  'tags',
  'visibility',
] as const;

const USER_WRITABLE_FIELDS = ['isActive', 'role'] as const;

export interface AddBalanceInput {
  amount: number | string;
  note?: string | null;
  proof?: File | Blob | null;
}

export interface BackofficeDataProvider extends DataProvider {
  addBalance(userId: Identifier, input: AddBalanceInput): Promise<{ message?: string; balance?: number }>;
  getProfile(): Promise<RaRecord>;
  updateProfile(data: Record<string, unknown>): Promise<{ message?: string; data?: RaRecord }>;
  getMyVerification(): Promise<Partial<MyVerification> | null>;
  startVerification(): Promise<{ message?: string; verificationUrl?: string }>;
}

export interface DataProviderOptions {
  app: BackofficeApp;
  httpClient?: HttpClient;
  apiUrl?: string;
}

type QueryValue = string | number | boolean | null | undefined;

/** Builds `path?k=v&...` in the given key order, leaving out empty values and 'all'. */
export function buildQuery(path: string, query: Array<[string, QueryValue]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of query) {
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export function clampLimit(perPage: unknown): number {
  const n = Math.floor(Number(perPage));
  if (!Number.isFinite(n)) return 10;
  return Math.min(100, Math.max(1, n));
}

function pageParams(params: GetListParams): Array<[string, QueryValue]> {
  const page = Math.max(1, Math.floor(Number(params.pagination?.page) || 1));
  return [
    ['page', page],
    ['limit', clampLimit(params.pagination?.perPage ?? 10)],
  ];
}

function filterParams(params: GetListParams, keys: readonly string[]): Array<[string, QueryValue]> {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  return keys.map((key) => {
    const value = filter[key];
    if (typeof value === 'string') return [key, value.trim()];
    if (typeof value === 'number' || typeof value === 'boolean') return [key, value];
    return [key, undefined];
  });
}

/** Ventures and investments expose `_id` (API contract); react-admin needs `id`. */
export function withId<T extends Record<string, unknown>>(record: T): T & { id: Identifier } {
  if (record && record.id == null && record._id != null) return { ...record, id: record._id as Identifier };
  return record as T & { id: Identifier };
}

function listResult(
  rows: unknown,
  pagination: { total?: unknown } | undefined,
  mapRow: (row: Record<string, unknown>) => RaRecord,
): GetListResult {
  const data = Array.isArray(rows) ? rows.map((row) => mapRow(row as Record<string, unknown>)) : [];
  const total = typeof pagination?.total === 'number' ? pagination.total : data.length;
  return { data, total };
}

function isEqualValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** The writable fields of `data` that differ from `previousData` (all present ones without it). */
export function changedFields(
  data: Record<string, unknown>,
  previousData: Record<string, unknown> | undefined,
  writable: readonly string[],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of writable) {
    if (!Object.prototype.hasOwnProperty.call(data, field)) continue;
    if (previousData && isEqualValue(data[field], previousData[field])) continue;
    changes[field] = data[field];
  }
  return changes;
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (Object.prototype.hasOwnProperty.call(data, field)) out[field] = data[field];
  return out;
}

function compareValues(a: unknown, b: unknown): number {
  if (a == null && b == null) return 0;
  if (a == null) return -1;
  if (b == null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function getPath(record: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], record);
}

/** Sorting and paging of lists the API returns whole (the corporate account's own ventures). */
export function sortAndPaginate(records: RaRecord[], params: GetListParams): GetListResult {
  const { field, order } = params.sort ?? { field: 'createdAt', order: 'DESC' };
  const sorted = [...records];
  if (field) {
    const direction = order === 'ASC' ? 1 : -1;
    sorted.sort((a, b) => direction * compareValues(getPath(a, field), getPath(b, field)));
  }
  const perPage = clampLimit(params.pagination?.perPage ?? 10);
  const page = Math.max(1, Math.floor(Number(params.pagination?.page) || 1));
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

type Handlers = {
  getList?: (params: GetListParams) => Promise<GetListResult>;
  getOne?: (params: GetOneParams) => Promise<{ data: RaRecord }>;
  create?: (params: CreateParams) => Promise<{ data: RaRecord }>;
  update?: (params: UpdateParams) => Promise<{ data: RaRecord }>;
};

export function createDataProvider({
  app,
  httpClient = defaultHttpClient,
  apiUrl = API_URL,
}: DataProviderOptions): BackofficeDataProvider {
  const url = (path: string) => `${apiUrl}${path}`;
  const id = (value: Identifier) => encodeURIComponent(String(value));
  const get = (path: string) => httpClient(url(path)).then((r) => r.json);
  const send = (method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) =>
    httpClient(url(path), {
      method,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    }).then((r) => r.json);

  /** The record of a `{ data }` answer, or what we sent merged on the previous record. */
  const updatedRecord = (json: { data?: Record<string, unknown> } | null, params: UpdateParams): RaRecord => {
    const record = json?.data ? withId(json.data) : { ...params.previousData, ...params.data };
    return { ...record, id: record.id ?? params.id };
  };

  const ventureGetOne = async ({ id: ventureId }: GetOneParams) => {
    const json = await get(`/ventures/id/${id(ventureId)}`);
    return { data: withId(json.data) };
  };

  const adminHandlers: Record<string, Handlers> = {
    users: {
      getList: async (params) => {
        const json = await get(
          buildQuery('/users', [
            ...filterParams(params, ['role', 'isActive', 'search']),
            ...pageParams(params),
          ]),
        );
        return listResult(json?.users, json?.pagination, withId);
      },
      update: async (params) => {
        const body = changedFields(params.data, params.previousData, USER_WRITABLE_FIELDS);
        const json = await send('PATCH', `/users/${id(params.id)}`, body);
        return { data: updatedRecord(json, params) };
      },
    },
    ventures: {
      getList: async (params) => {
        const keys = [
          'search',
          'lifecycleStatus',
          'ventureType',
          'adminStatus',
          'visibility',
          'riskLevel',
          'country',
        ] as const;
        const json = await get(
          buildQuery('/ventures/admin-get-all', [...filterParams(params, keys), ...pageParams(params)]),
        );
        return listResult(json?.data, json?.pagination, withId);
      },
      getOne: ventureGetOne,
      update: async (params) => {
        const { adminStatus, adminNotes } = params.data as { adminStatus?: string; adminNotes?: string };
        const json = await send('PATCH', `/ventures/admin/${id(params.id)}/admin-status-update`, {
          adminStatus,
          adminNotes: adminNotes ?? '',
        });
        return { data: updatedRecord(json, params) };
      },
    },
    balances: {
      getList: async (params) => {
        const sortField = params.sort?.field;
        const sortBy = sortField === 'updatedAt' || sortField === 'balance' ? sortField : undefined;
        const sortOrder = sortBy ? (params.sort?.order === 'ASC' ? 'asc' : 'desc') : undefined;
        const json = await get(
          buildQuery('/balances', [
            ...filterParams(params, ['search']),
            ...pageParams(params),
            ['sortBy', sortBy],
            ['sortOrder', sortOrder],
          ]),
        );
        return listResult(json?.data, json?.pagination, (row) => {
          const user = row.user as { id?: Identifier } | undefined;
          return { ...row, id: user?.id ?? (row.id as Identifier) };
        });
      },
    },
    'balance-histories': {
      getList: async (params) => {
        const json = await get(
          buildQuery('/balances/all-histories', [...filterParams(params, ['search']), ...pageParams(params)]),
        );
        return listResult(json?.data, json?.pagination, withId);
      },
    },
    investments: {
      getList: async (params) => {
        const json = await get(
          buildQuery('/investments/admin', [
            ...filterParams(params, ['search', 'status']),
            ...pageParams(params),
          ]),
        );
        return listResult(json?.data, json?.pagination, withId);
      },
    },
    mails: {
      getList: async (params) => {
        const json = await get(
          buildQuery('/admin/mails', [...filterParams(params, ['status', 'search']), ...pageParams(params)]),
        );
        return listResult(json?.mails, json?.pagination, withId);
      },
      getOne: async ({ id: mailId }) => {
        const json = await get(`/admin/mails/${id(mailId)}`);
        return { data: withId(json.data) };
      },
      update: async (params) => {
        const json = await send('PATCH', `/admin/mails/${id(params.id)}`, {
          status: (params.data as { status?: string }).status,
        });
        return { data: updatedRecord(json, params) };
      },
    },
    kyc: {
      getList: async (params) => {
        const json = await get(
          buildQuery('/kyc/admin', [...filterParams(params, ['status', 'search']), ...pageParams(params)]),
        );
        return listResult(json?.data, json?.pagination, withId);
      },
    },
  };

  const corporateHandlers: Record<string, Handlers> = {
    ventures: {
      getList: async (params) => {
        const json = await get('/ventures/my-ventures');
        const rows = Array.isArray(json?.data) ? (json.data as Record<string, unknown>[]).map(withId) : [];
        return sortAndPaginate(rows, params);
      },
      getOne: ventureGetOne,
      create: async (params) => {
        const body = {
          ...pick(params.data as Record<string, unknown>, VENTURE_WRITABLE_FIELDS),
          lifecycleStatus: 'coming-soon',
          visibility: 'draft',
          dateIssued: null,
        };
        const json = await send('POST', '/ventures', body);
        return { data: withId(json.data) };
      },
      update: async (params) => {
        const body = changedFields(params.data, params.previousData, VENTURE_WRITABLE_FIELDS);
        if (Object.keys(body).length === 0) return { data: { ...params.previousData, id: params.id } };
        const json = await send('PATCH', `/ventures/id/${id(params.id)}`, body);
        return { data: updatedRecord(json, params) };
      },
    },
  };

  const handlers = app === 'admin' ? adminHandlers : corporateHandlers;

  function handler<K extends keyof Handlers>(resource: string, verb: K): NonNullable<Handlers[K]> {
    const fn = Object.prototype.hasOwnProperty.call(handlers, resource)
      ? handlers[resource]?.[verb]
      : undefined;
    if (!fn) throw unsupported(verb, resource);
    return fn;
  }

  function unsupported(verb: string, resource: string): Error {
    return new Error(`The ${app} back office does not support ${verb} on "${resource}".`);
  }

  const reject = (verb: string) => (resource: string) => Promise.reject(unsupported(verb, resource));

  const provider = {
    getList: async (resource: string, params: GetListParams) => handler(resource, 'getList')(params),
    getOne: async (resource: string, params: GetOneParams) => handler(resource, 'getOne')(params),
    getMany: async (resource: string, params: GetManyParams) => {
      const getOne = handler(resource, 'getOne');
      const records = await Promise.all(params.ids.map((recordId) => getOne({ id: recordId })));
      return { data: records.map((r) => r.data) };
    },
    getManyReference: reject('getManyReference'),
    create: async (resource: string, params: CreateParams) => handler(resource, 'create')(params),
    update: async (resource: string, params: UpdateParams) => handler(resource, 'update')(params),
    updateMany: reject('updateMany'),
    delete: reject('delete'),
    deleteMany: reject('deleteMany'),

    addBalance: async (userId: Identifier, { amount, note, proof }: AddBalanceInput) => {
      const form = new FormData();
      form.append('amount', String(amount));
      if (typeof note === 'string' && note.trim() !== '') form.append('note', note.trim());
      if (proof) form.append('proof', proof);
      return send('POST', `/balances/add-balance/${id(userId)}`, form);
    },
    getProfile: async () => {
      const json = await get('/profile/get');
      return withId(json.data);
    },
    updateProfile: (data: Record<string, unknown>) => send('PUT', '/profile/update', data),
    getMyVerification: () => get('/kyc/my-verification'),
    startVerification: () => send('POST', '/kyc/start-verification', undefined),
  };

  // The verbs above are typed for any record; react-admin's generic signatures cannot express that.
  return provider as unknown as BackofficeDataProvider;
}
