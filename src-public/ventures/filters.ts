/**
 * The ventures list query (spec 3 "Venture list filter set", 7 and 9). The filters and the page live
 * in the address bar (`/ventures?ventureType=leasing&page=2`), so a filtered list can be shared,
 * reloaded and reached again with the back button. Only values that differ from the defaults are
 * written to the URL; values the form does not offer fall back to the default when read.
 *
 * The option lists are candidates for src-shared once another screen needs them.
 */
import { AFRICAN_COUNTRIES } from '../../src-shared/constants/countries';
import { LIFECYCLE_STATUSES, RISK_LEVELS, VENTURE_TYPES } from '../../src-shared/constants/enums';
import type { VentureListQuery } from '../../src-shared/api/types';

export const VENTURES_PAGE_SIZE = 9;
/** Spec 7 and 9: venture lists and the home teaser are cached 5 minutes. */
export const VENTURE_CACHE_MS = 5 * 60_000;

export const FILTER_OPTIONS = {
  lifecycleStatus: ['all', ...LIFECYCLE_STATUSES],
  ventureType: ['all', ...VENTURE_TYPES],
  riskLevel: ['all', ...RISK_LEVELS],
  isConvertible: ['all', 'true', 'false'],
  country: ['all', ...AFRICAN_COUNTRIES.map((country) => country.code)],
  closingIn: ['', '1d', '2d', '3d', '7d', '14d', '21d', '30d', '60d', '90d'],
  minInvestment: ['', '100', '500', '1000', '5000', '10000'],
  expectedReturn: ['', ...Array.from({ length: 10 }, (_, index) => String((index + 1) * 5))],
  sortBy: ['createdAt', 'closingDate', 'expectedReturn', 'targetAmount', 'amountFunded'],
  order: ['desc', 'asc'],
} as const;

export type SelectFilterKey = keyof typeof FILTER_OPTIONS;

export interface VentureFilters {
  lifecycleStatus: string;
  ventureType: string;
  riskLevel: string;
  isConvertible: string;
  country: string;
  closingIn: string;
  minInvestment: string;
  expectedReturn: string;
  search: string;
  sortBy: string;
  order: string;
  page: number;
}

/** Spec 9: 'all' for the enumerations, empty for closingIn, minInvestment, expectedReturn and search;
 * newest first; page 1. */
export const DEFAULT_FILTERS: Readonly<VentureFilters> = Object.freeze({
  lifecycleStatus: 'all',
  ventureType: 'all',
  riskLevel: 'all',
  isConvertible: 'all',
  country: 'all',
  closingIn: '',
  minInvestment: '',
  expectedReturn: '',
  search: '',
  sortBy: 'createdAt',
  order: 'desc',
  page: 1,
});

/** The filters that narrow the list (every select but the sort's two), in the URL's order. */
export const NARROWING_KEYS = [
  'lifecycleStatus',
  'ventureType',
  'riskLevel',
  'isConvertible',
  'country',
  'closingIn',
  'minInvestment',
  'expectedReturn',
] as const satisfies readonly SelectFilterKey[];

/** The order of the keys in the URL and in the API query. */
const TEXT_KEYS = [...NARROWING_KEYS, 'search', 'sortBy', 'order'] as const;

/** Longest search text taken from the URL (a pasted novel is cut, not sent). */
export const SEARCH_MAX_LENGTH = 100;

function isOption(key: SelectFilterKey, value: string): boolean {
  return (FILTER_OPTIONS[key] as readonly string[]).includes(value);
}

export function filtersFromSearchParams(params: URLSearchParams): VentureFilters {
  const filters: VentureFilters = { ...DEFAULT_FILTERS };
  for (const key of TEXT_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    if (key === 'search') {
      filters.search = raw.slice(0, SEARCH_MAX_LENGTH);
    } else {
      // Country codes are upper case; the other values lower or camel case as the API spells them.
      const value = key === 'country' && raw !== 'all' ? raw.toUpperCase() : raw;
      if (isOption(key, value)) filters[key] = value;
    }
  }
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  filters.page = page > 0 ? page : 1;
  return filters;
}

/** Only the values that differ from the defaults go into the address bar. */
export function filtersToSearchParams(filters: VentureFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = key === 'search' ? filters.search.trim() : filters[key];
    if (value !== DEFAULT_FILTERS[key]) params.set(key, value);
  }
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** True when no filter differs from the defaults (the page and the sort order do not count). */
export function hasActiveFilters(filters: VentureFilters): boolean {
  return TEXT_KEYS.some(
    (key) => key !== 'sortBy' && key !== 'order' && filters[key].trim() !== DEFAULT_FILTERS[key],
  );
}

/** The query of GET /api/ventures: 'all' and empty values are left out; sort, page and limit always
 * go along (spec 7). The values are the form's options (`filtersFromSearchParams` drops any other),
 * which are the query's enumerations. */
export function filtersToApiQuery(filters: VentureFilters): VentureListQuery {
  const query: Record<string, string | number> = {};
  for (const key of TEXT_KEYS) {
    const value = filters[key].trim();
    if (value && value !== 'all') query[key] = value;
  }
  query.page = filters.page;
  query.limit = VENTURES_PAGE_SIZE;
  return query as VentureListQuery;
}

/** A filter change: every change except the page itself starts again at page 1. */
export function withFilter(
  filters: VentureFilters,
  patch: Partial<Omit<VentureFilters, 'page'>>,
): VentureFilters {
  return { ...filters, ...patch, page: 1 };
}
