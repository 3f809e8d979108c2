import { beforeAll, describe, expect, it } from 'vitest';
import { ventures } from '../../src-server/db/schema';
import { testContext, type TestContext } from './context';

let t: TestContext;
const DAY = 86_400_000;

type Row = typeof ventures.$inferInsert;
/** Twelve public ventures with known values, plus hidden ones that no public filter may return. */
const rows: Partial<Row>[] = [
  {
    title: 'Alpha solar',
    lifecycleStatus: 'new',
    ventureType: 'business',
    riskLevel: 'low',
    isConvertible: true,
    country: 'KE',
    expectedReturn: '5.00',
    minInvestmentCents: 3000n,
    tags: ['energy'],
  },
  {
    title: 'Bravo fleet',
    lifecycleStatus: 'new',
    ventureType: 'leasing',
    riskLevel: 'medium',
    isConvertible: false,
    country: 'NG',
    expectedReturn: '10.00',
    minInvestmentCents: 10000n,
    tags: ['transport'],
  },
  {
    title: 'Charlie homes',
    lifecycleStatus: 'coming-soon',
    ventureType: 'realestate',
    riskLevel: 'high',
    isConvertible: false,
    country: 'GH',
    expectedReturn: '15.00',
    minInvestmentCents: 50000n,
    tags: ['housing'],
  },
  {
    title: 'Delta coffee',
    lifecycleStatus: 'funded',
    ventureType: 'sme',
    riskLevel: 'high',
    isConvertible: true,
    country: 'RW',
    expectedReturn: '20.00',
    minInvestmentCents: 100000n,
    tags: ['coffee', 'export'],
  },
  {
    title: 'Echo fish',
    lifecycleStatus: 'repaid',
    ventureType: 'sme',
    riskLevel: 'medium',
    isConvertible: false,
    country: 'SN',
    expectedReturn: '12.50',
    minInvestmentCents: 500000n,
    tags: ['food'],
  },
  {
    title: 'Foxtrot textiles',
    lifecycleStatus: 'new',
    ventureType: 'business',
    riskLevel: 'high',
    isConvertible: false,
    country: 'ET',
    expectedReturn: '50.00',
    minInvestmentCents: 1000000n,
    tags: ['women'],
    shortDescription: 'Looms for 100% women-led workshops',
  },
  {
    title: 'Golf lodge',
    lifecycleStatus: 'new',
    ventureType: 'realestate',
    riskLevel: 'low',
    isConvertible: true,
    country: 'MA',
    expectedReturn: '7.50',
    minInvestmentCents: 3000n,
    tags: ['tourism'],
  },
  {
    title: 'Hotel clinic',
    lifecycleStatus: 'coming-soon',
    ventureType: 'leasing',
    riskLevel: 'low',
    isConvertible: false,
    country: 'ZM',
    expectedReturn: '9.00',
    minInvestmentCents: 20000n,
    tags: ['health'],
  },
  {
    title: 'India cocoa',
    lifecycleStatus: 'funded',
    ventureType: 'sme',
    riskLevel: 'low',
    isConvertible: false,
    country: 'CI',
    expectedReturn: '10.00',
    minInvestmentCents: 3000n,
    tags: ['cocoa', 'Agriculture'],
  },
  {
    title: 'Juliet ferry',
    lifecycleStatus: 'new',
    ventureType: 'leasing',
    riskLevel: 'medium',
    isConvertible: false,
    country: 'TZ',
    expectedReturn: '12.50',
    minInvestmentCents: 10000n,
    tags: ['maritime'],
  },
  {
    title: 'Kilo fintech',
    lifecycleStatus: 'new',
    ventureType: 'sme',
    riskLevel: 'high',
    isConvertible: true,
    country: 'KE',
    expectedReturn: '25.00',
    minInvestmentCents: 3000n,
    tags: ['fintech'],
  },
  {
    title: 'Lima warehouse',
    lifecycleStatus: 'repaid',
    ventureType: 'realestate',
    riskLevel: 'medium',
    isConvertible: false,
    country: 'BW',
    expectedReturn: '8.00',
    minInvestmentCents: 100000n,
    tags: ['retail'],
  },
];
// Closing dates: Alpha in 12 hours, Bravo in 2 days, Charlie in 6.5 days, Delta in 13 days, Echo in
// 20 days, Foxtrot in 29 days, Golf in 59 days, Hotel in 89 days, India in 120 days, Juliet 1.5 days
// ago (closed), Kilo in 3 days, Lima in 200 days.
const closesInDays = [0.5, 2, 6.5, 13, 20, 29, 59, 89, 120, -1.5, 3, 200];

beforeAll(async () => {
  t = await testContext();
  const owner = await t.createUser({ role: 'corporate' });
  const now = Date.now();
  const base = {
    shortDescription: 'A venture',
    longDescription: 'Long',
    collateralDescription: 'Collateral',
    maxInvestmentCents: 1_000_000n,
    targetAmountCents: 5_000_000n,
    investmentPeriod: 12,
    collateralValueCents: 6_000_000n,
    loanToValue: '80',
    adminStatus: 'approved' as const,
    visibility: 'public' as const,
    createdBy: owner.id,
  };
  await t.database.db.insert(ventures).values(
    rows.map((r, i) => ({
      ...base,
      ...r,
      closingDate: new Date(now + closesInDays[i]! * DAY),
      createdAt: new Date(now - (rows.length - i) * DAY), // Lima newest, Alpha oldest
      targetAmountCents: BigInt(5_000_000 + i * 100_000),
    })) as Row[],
  );
  // Hidden: not approved, private, draft, deleted. They match every filter below and must never show.
  const hidden = {
    ...base,
    ...rows[0],
    title: 'Hidden solar',
    closingDate: new Date(now + DAY),
    createdAt: new Date(now),
  } as Row;
  await t.database.db.insert(ventures).values([
    { ...hidden, adminStatus: 'pending' },
    { ...hidden, visibility: 'private' },
    { ...hidden, visibility: 'draft' },
    { ...hidden, isDeleted: true },
  ]);
});

async function titles(query: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/ventures?limit=100&${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().data.map((v: { title: string }) => v.title.split(' ')[0]);
}

const sorted = (names: string[]) => [...names].sort();

describe('GET /api/ventures filters (spec 9)', () => {
  it.each([
    [
      '',
      [
        'Lima',
        'Kilo',
        'Juliet',
        'India',
        'Hotel',
        'Golf',
        'Foxtrot',
        'Echo',
        'Delta',
        'Charlie',
        'Bravo',
        'Alpha',
      ],
    ],
    [
      'lifecycleStatus=all&ventureType=&riskLevel=all&isConvertible=all&country=all&closingIn=&minInvestment=&expectedReturn=&search=',
      12,
    ],
    ['lifecycleStatus=new', ['Alpha', 'Bravo', 'Foxtrot', 'Golf', 'Juliet', 'Kilo']],
    ['lifecycleStatus=coming-soon', ['Charlie', 'Hotel']],
    ['lifecycleStatus=funded', ['Delta', 'India']],
    ['lifecycleStatus=repaid', ['Echo', 'Lima']],
    ['ventureType=business', ['Alpha', 'Foxtrot']],
    ['ventureType=sme', ['Delta', 'Echo', 'India', 'Kilo']],
    ['ventureType=leasing', ['Bravo', 'Hotel', 'Juliet']],
    ['ventureType=realestate', ['Charlie', 'Golf', 'Lima']],
    ['riskLevel=low', ['Alpha', 'Golf', 'Hotel', 'India']],
    ['riskLevel=medium', ['Bravo', 'Echo', 'Juliet', 'Lima']],
    ['riskLevel=high', ['Charlie', 'Delta', 'Foxtrot', 'Kilo']],
    ['isConvertible=true', ['Alpha', 'Delta', 'Golf', 'Kilo']],
    ['isConvertible=false', ['Bravo', 'Charlie', 'Echo', 'Foxtrot', 'Hotel', 'India', 'Juliet', 'Lima']],
    ['country=KE', ['Alpha', 'Kilo']],
    ['country=ke', ['Alpha', 'Kilo']],
    ['closingIn=1d', ['Alpha']],
    ['closingIn=2d', ['Alpha', 'Bravo']],
    ['closingIn=3d', ['Alpha', 'Bravo', 'Kilo']],
    ['closingIn=7d', ['Alpha', 'Bravo', 'Charlie', 'Kilo']],
    ['closingIn=14d', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Kilo']],
    ['closingIn=21d', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Kilo']],
    ['closingIn=30d', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Kilo']],
    ['closingIn=60d', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Kilo']],
    ['closingIn=90d', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'Kilo']],
    ['minInvestment=100', ['Alpha', 'Bravo', 'Golf', 'India', 'Juliet', 'Kilo']],
    ['minInvestment=500', ['Alpha', 'Bravo', 'Charlie', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo']],
    [
      'minInvestment=1000',
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo', 'Lima'],
    ],
    [
      'minInvestment=5000',
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo', 'Lima'],
    ],
    ['minInvestment=10000', 12],
    ['expectedReturn=5', 12],
    ['expectedReturn=10', ['Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'India', 'Juliet', 'Kilo']],
    ['expectedReturn=15', ['Charlie', 'Delta', 'Foxtrot', 'Kilo']],
    ['expectedReturn=25', ['Foxtrot', 'Kilo']],
    ['expectedReturn=50', ['Foxtrot']],
    ['search=COFFEE', ['Delta']],
    ['search=agri', ['India']],
    ['search=women-led', ['Foxtrot']],
    ['search=100%25', ['Foxtrot']],
    ['search=_', []],
    ['search=nothing-like-this', []],
    ['lifecycleStatus=new&riskLevel=high', ['Foxtrot', 'Kilo']],
    ['ventureType=sme&isConvertible=true&country=KE', ['Kilo']],
    ['closingIn=7d&minInvestment=100&expectedReturn=5', ['Alpha', 'Bravo', 'Kilo']],
    ['lifecycleStatus=new&ventureType=leasing&closingIn=90d', ['Bravo']],
    ['riskLevel=low&search=o', ['Alpha', 'Golf', 'Hotel', 'India']],
  ])('?%s', async (query, expected) => {
    const result = await titles(query);
    if (typeof expected === 'number') expect(result).toHaveLength(expected);
    else if (query === '') expect(result).toEqual(expected);
    else expect(sorted(result)).toEqual(sorted(expected));
  });

  it.each([
    ['lifecycleStatus=closed', 'lifecycleStatus'],
    ['ventureType=crypto', 'ventureType'],
    ['riskLevel=extreme', 'riskLevel'],
    ['isConvertible=yes', 'isConvertible'],
    ['closingIn=5d', 'closingIn'],
    ['minInvestment=abc', 'minInvestment'],
    ['expectedReturn=-5', 'expectedReturn'],
    ['country=Kenya', 'country'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ventures?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });
});

describe('sorting and paging', () => {
  it.each([
    ['sortBy=expectedReturn&order=desc', ['Foxtrot', 'Kilo', 'Delta']],
    ['sortBy=expectedReturn&order=asc', ['Alpha', 'Golf', 'Lima']],
    ['sortBy=closingDate&order=asc', ['Juliet', 'Alpha', 'Bravo']],
    ['sortBy=targetAmount&order=desc', ['Lima', 'Kilo', 'Juliet']],
    ['sortBy=createdAt&order=asc', ['Alpha', 'Bravo', 'Charlie']],
    ['sortBy=nonsense&order=sideways', ['Lima', 'Kilo', 'Juliet']],
  ])('?%s', async (query, first) => {
    expect((await titles(`${query}&limit=3`)).slice(0, 3)).toEqual(first);
  });

  it('pages 9 at a time by default, with exact edges', async () => {
    const page = (n: string) =>
      t.app.inject({ method: 'GET', url: `/api/ventures?page=${n}` }).then((r) => r.json());
    const one = await page('1');
    expect(one.data).toHaveLength(9);
    expect(one.pagination).toEqual({ page: 1, limit: 9, total: 12, totalPages: 2 });
    const two = await page('2');
    expect(two.data.map((v: { title: string }) => v.title.split(' ')[0])).toEqual([
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
    const beyond = await page('3');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 3, limit: 9, total: 12, totalPages: 2 });
    const exact = await t.app.inject({ method: 'GET', url: '/api/ventures?limit=12' }).then((r) => r.json());
    expect(exact.pagination.totalPages).toBe(1);
    const empty = await t.app
      .inject({ method: 'GET', url: '/api/ventures?search=zzz' })
      .then((r) => r.json());
    expect(empty.pagination).toEqual({ page: 1, limit: 9, total: 0, totalPages: 0 });
  });
});
