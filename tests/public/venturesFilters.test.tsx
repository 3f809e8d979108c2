import { describe, expect, it } from 'vitest';
import { AFRICAN_COUNTRIES } from '../../src-shared/constants/countries';
import {
  DEFAULT_FILTERS,
  FILTER_OPTIONS,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  hasActiveFilters,
  withFilter,
  type VentureFilters,
} from '../../src-public/ventures/filters';

const fromUrl = (search: string) => filtersFromSearchParams(new URLSearchParams(search));
const toUrl = (filters: VentureFilters) => filtersToSearchParams(filters).toString();
/** The query the ventures page sends, written as a URL (form encoding, in the query's key order). */
const apiUrl = (search: string) => {
  const query = Object.entries(filtersToApiQuery(fromUrl(search))).map(([key, value]) => [
    key,
    String(value),
  ]);
  return `/api/ventures?${new URLSearchParams(query).toString()}`;
};

const EVERYTHING =
  'lifecycleStatus=new&ventureType=leasing&riskLevel=high&isConvertible=true&country=KE&closingIn=7d' +
  '&minInvestment=500&expectedReturn=10&search=solar+farm&sortBy=expectedReturn&order=asc&page=3';

describe('spec 9 filter options and defaults', () => {
  it('offers every option of spec 9', () => {
    expect(FILTER_OPTIONS.lifecycleStatus).toEqual(['all', 'coming-soon', 'new', 'funded', 'repaid']);
    expect(FILTER_OPTIONS.ventureType).toEqual(['all', 'business', 'sme', 'leasing', 'realestate']);
    expect(FILTER_OPTIONS.riskLevel).toEqual(['all', 'low', 'medium', 'high']);
    expect(FILTER_OPTIONS.isConvertible).toEqual(['all', 'true', 'false']);
    expect(FILTER_OPTIONS.country).toEqual(['all', ...AFRICAN_COUNTRIES.map((c) => c.code)]);
    expect(FILTER_OPTIONS.closingIn).toEqual(['', '1d', '2d', '3d', '7d', '14d', '21d', '30d', '60d', '90d']);
    expect(FILTER_OPTIONS.minInvestment).toEqual(['', '100', '500', '1000', '5000', '10000']);
    expect(FILTER_OPTIONS.expectedReturn).toEqual([
      '',
      '5',
      '10',
      '15',
      '20',
      '25',
      '30',
      '35',
      '40',
      '45',
      '50',
    ]);
    expect(FILTER_OPTIONS.sortBy).toEqual([
      'createdAt',
      'closingDate',
      'expectedReturn',
      'targetAmount',
      'amountFunded',
    ]);
    expect(FILTER_OPTIONS.order).toEqual(['desc', 'asc']);
  });

  it("defaults to 'all', empty texts, newest first and page 1", () => {
    expect(DEFAULT_FILTERS).toEqual({
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
    expect(Object.isFrozen(DEFAULT_FILTERS)).toBe(true);
  });
});

describe('URL query -> filters', () => {
  it('reads the defaults from an empty query', () => {
    expect(fromUrl('')).toEqual(DEFAULT_FILTERS);
  });

  it('reads every filter and the page', () => {
    expect(fromUrl(EVERYTHING)).toEqual({
      lifecycleStatus: 'new',
      ventureType: 'leasing',
      riskLevel: 'high',
      isConvertible: 'true',
      country: 'KE',
      closingIn: '7d',
      minInvestment: '500',
      expectedReturn: '10',
      search: 'solar farm',
      sortBy: 'expectedReturn',
      order: 'asc',
      page: 3,
    });
  });

  it('falls back to the default for values the form does not offer', () => {
    expect(
      fromUrl(
        'ventureType=rocket&riskLevel=HIGH&country=FR&closingIn=5d&minInvestment=42&expectedReturn=7&sortBy=title&order=up',
      ),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('accepts a lower-case country code', () => {
    expect(fromUrl('country=ng').country).toBe('NG');
  });

  it('reads a missing, zero, negative or non-numeric page as page 1', () => {
    for (const page of ['', '0', '-2', 'two', '1.5', '99999999'])
      expect(fromUrl(`page=${page}`).page).toBe(1);
    expect(fromUrl('page=12').page).toBe(12);
  });

  it('cuts an overlong search text', () => {
    expect(fromUrl(`search=${'a'.repeat(500)}`).search).toHaveLength(100);
  });
});

describe('filters -> URL query', () => {
  it('leaves every default out of the URL', () => {
    expect(toUrl({ ...DEFAULT_FILTERS })).toBe('');
    expect(toUrl({ ...DEFAULT_FILTERS, ventureType: 'leasing' })).toBe('ventureType=leasing');
    expect(toUrl({ ...DEFAULT_FILTERS, order: 'asc', page: 2 })).toBe('order=asc&page=2');
    expect(toUrl({ ...DEFAULT_FILTERS, search: '   ' })).toBe('');
  });

  it('round-trips every filter', () => {
    expect(toUrl(fromUrl(EVERYTHING))).toBe(EVERYTHING);
  });

  it('starts again at page 1 on every filter change', () => {
    const onPage3 = fromUrl('ventureType=sme&page=3');
    expect(withFilter(onPage3, { riskLevel: 'low' })).toMatchObject({
      ventureType: 'sme',
      riskLevel: 'low',
      page: 1,
    });
    expect(toUrl(withFilter(onPage3, { ventureType: 'all' }))).toBe('');
  });

  it('counts filters but not the sort order or the page as active', () => {
    expect(hasActiveFilters(fromUrl('sortBy=closingDate&order=asc&page=4'))).toBe(false);
    expect(hasActiveFilters(fromUrl('search=solar'))).toBe(true);
    expect(hasActiveFilters(fromUrl('minInvestment=100'))).toBe(true);
  });
});

describe('URL query -> GET /api/ventures', () => {
  it("sends sort, page and the page size of 9 for the defaults, no 'all' or empty value", () => {
    expect(apiUrl('')).toBe('/api/ventures?sortBy=createdAt&order=desc&page=1&limit=9');
  });

  it('sends every chosen filter', () => {
    expect(apiUrl(EVERYTHING)).toBe(
      '/api/ventures?lifecycleStatus=new&ventureType=leasing&riskLevel=high&isConvertible=true&country=KE' +
        '&closingIn=7d&minInvestment=500&expectedReturn=10&search=solar+farm&sortBy=expectedReturn&order=asc' +
        '&page=3&limit=9',
    );
  });

  it('trims the search text', () => {
    expect(apiUrl('search=%20%20solar%20')).toBe(
      '/api/ventures?search=solar&sortBy=createdAt&order=desc&page=1&limit=9',
    );
  });
});
