/**
 * The pure mapping helpers of the dataProvider's resource tables (providers/resources/*): react-admin's
 * page/perPage -> the API's page/limit, filters -> query values, `_id` -> `id`, the writable fields
 * of an update, and the sorting/paging of the lists the API returns whole.
 */
import type {
  CreateParams,
  GetListParams,
  GetListResult,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type { ApiClient } from '../../src-shared/api/http';

/** What a resource table needs: the typed client. */
export interface ResourceContext {
  client: ApiClient;
}

/** The verbs a resource serves (the dataProvider rejects the others with a clear error). */
export interface ResourceHandlers {
  getList?: (params: GetListParams) => Promise<GetListResult>;
  getOne?: (params: GetOneParams) => Promise<{ data: RaRecord }>;
  create?: (params: CreateParams) => Promise<{ data: RaRecord }>;
  update?: (params: UpdateParams) => Promise<{ data: RaRecord }>;
}

export type ResourceTable = Record<string, ResourceHandlers>;

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
  'repaymentType',
  'repaymentFrequency',
  'gracePeriods',
  'closingDate',
  'collateralValue',
  'loanToValue',
  'isConvertible',
  'repaymentType',
  'repaymentFrequency',
  'gracePeriods',
  'tags',
  'visibility',
] as const;

export const USER_WRITABLE_FIELDS = ['isActive', 'role'] as const;

export function clampLimit(perPage: unknown): number {
  const n = Math.floor(Number(perPage));
  if (!Number.isFinite(n)) return 10;
  return Math.min(100, Math.max(1, n));
}

/** react-admin's page/perPage -> the API's page (>= 1) and limit (1..100). */
export function pageQuery(params: GetListParams): { page: number; limit: number } {
  const page = Math.max(1, Math.floor(Number(params.pagination?.page) || 1));
  return { page, limit: clampLimit(params.pagination?.perPage ?? 10) };
}

/**
 * The filters of `params` that the endpoint knows (`keys`, typed by the endpoint's query so a key it
 * does not take fails `tsc`), trimmed, in the given order; empty values and 'all' are left out.
 */
export function filterQuery<Q extends object>(
  params: GetListParams,
  keys: ReadonlyArray<keyof Q & string>,
): Q {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  const out: Record<string, string | number | boolean> = {};
  for (const key of keys) {
    const raw = filter[key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === '' || value === 'all') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
  }
  // The values are what the user picked from the endpoint's own choices; the server validates them.
  return out as Q;
}

/**
 * `sortBy` and `order` of react-admin's sort when the endpoint sorts by that column (`fields`, each
 * resource's SORT_FIELDS, typed by its endpoint's query so a column it does not know fails `tsc`);
 * nothing otherwise (the API's own order). `fallback` is the order of a sort without a direction.
 */
export function sortQuery(
  params: GetListParams,
  fields: readonly string[],
  fallback: 'asc' | 'desc' = 'desc',
): { sortBy?: string; order?: 'asc' | 'desc' } {
  const field = params.sort?.field;
  if (!field || !fields.includes(field)) return {};
  const order = params.sort?.order;
  return { sortBy: field, order: order === 'ASC' ? 'asc' : order === 'DESC' ? 'desc' : fallback };
}

/** A list endpoint's query: its filters (filterQuery), page and limit (pageQuery), then its sort (sortQuery). */
export function listQuery<Q extends object>(
  params: GetListParams,
  filters: ReadonlyArray<keyof Q & string>,
  sortFields: readonly string[] = [],
  fallbackOrder?: 'asc' | 'desc',
): Q {
  return {
    ...filterQuery<Q>(params, filters),
    ...pageQuery(params),
    ...sortQuery(params, sortFields, fallbackOrder),
  } as Q;
}

/** Ventures and investments expose `_id` (API contract); react-admin needs `id`. */
export function withId<T extends object>(record: T): T & { id: Identifier } {
  const row = record as T & { id?: Identifier; _id?: Identifier };
  if (row && row.id == null && row._id != null) return { ...row, id: row._id };
  return row as T & { id: Identifier };
}

export function listResult<T extends object>(
  rows: readonly T[] | undefined,
  pagination: { total?: number } | undefined,
  mapRow: (row: T) => RaRecord,
): GetListResult {
  const data = Array.isArray(rows) ? rows.map(mapRow) : [];
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

export function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (Object.prototype.hasOwnProperty.call(data, field)) out[field] = data[field];
  return out;
}

/** The record of a `{ data }` answer, or what was sent merged on the previous record. */
export function updatedRecord(answer: { data?: object } | null | undefined, params: UpdateParams): RaRecord {
  const record: Record<string, unknown> = answer?.data
    ? withId(answer.data)
    : { ...params.previousData, ...params.data };
  return { ...record, id: (record.id as Identifier | undefined) ?? params.id };
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
  const { page, limit } = pageQuery(params);
  return { data: sorted.slice((page - 1) * limit, page * limit), total: sorted.length };
}

export const idParam = (id: Identifier): string => String(id);
