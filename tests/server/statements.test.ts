/**
 * Statements (API contract, "Statements"; issue 28; decisions 0163-0167): an investor's year with
 * every kind of ledger entry (deposit, withdrawal and a cancelled one, investment, refund,
 * revocation, an instalment paid late with principal, interest, late interest and the service fee,
 * a write-off; a recovery the next year), run on the business date. The annual CSV's and the PDF's
 * (read back with pdftotext) figures equal the ledger's sums, the write-off and the recovery land in
 * their own years, another investor's data never appears, the company's transactions CSV is its
 * ledger, and the validation codes and roles.
 */
import { execFileSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { investments } from '../../src-server/db/schema';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { decimal, transactionsCsv } from '../../src-server/modules/statements/csv';
import { money } from '../../src-server/modules/statements/pdf';
import { STATEMENT_TEXTS } from '../../src-server/modules/statements/texts';
import { readPdf } from '../support/kiis';
import { multipart } from './multipart';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let superadmin: SignedIn;
let amara: SignedIn;
let bongani: SignedIn;
let company: SignedIn;
let Y1: number;
let Y2: number;
const ventureIds: Record<'L1' | 'L2' | 'L3' | 'C' | 'R' | 'B', string> = {} as never;

const euros = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

async function moveTo(date: string) {
  const res = await superadmin.inject({ method: 'PUT', url: '/api/admin/business-date', payload: { date } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A deposit at the business time (the tag the balances module and the camt import write: `deposit`). */
async function depositNow(userId: string, cents: bigint) {
  await t.database.db.transaction(async (tx) => {
    const account = await userAccountId(tx, userId);
    await postTransaction(tx, {
      kind: 'deposit',
      note: 'Test deposit',
      entries: [
        { accountId: account, amountCents: cents },
        { accountId: await externalAccountId(tx), amountCents: -cents },
      ],
      at: t.ctx.clock.now(),
    });
  });
}

async function invest(who: SignedIn, ventureId: string, amount: number) {
  t.clock.offsetMs += 1_000;
  const res = await who.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const adminPost = (id: string, action: string, payload: object) =>
  admin.inject({ method: 'POST', url: `/api/ventures/admin/${id}/${action}`, payload });

/** The person's ledger sums in the year by transaction kind, straight from the tables. */
async function ledgerSums(userId: string, year: number): Promise<Record<string, bigint>> {
  const { rows } = await t.database.db.execute<{ kind: string; cents: string }>(sql`
    SELECT t.kind, sum(e.amount_cents)::text AS cents
      FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.user_id = ${userId}::uuid
       AND e.created_at >= ${new Date(Date.UTC(year, 0, 1))} AND e.created_at < ${new Date(Date.UTC(year + 1, 0, 1))}
     GROUP BY t.kind`);
  return Object.fromEntries(rows.map((r) => [r.kind, BigInt(r.cents)]));
}

async function balanceAt(userId: string, before: Date): Promise<bigint> {
  const { rows } = await t.database.db.execute<{ cents: string | null }>(sql`
    SELECT sum(e.amount_cents)::text AS cents FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
     WHERE a.user_id = ${userId}::uuid AND e.created_at < ${before}`);
  return BigInt(rows[0]?.cents ?? '0');
}

function parseCsv(body: string): Record<string, string>[] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = body.slice(1).trimEnd().split('\r\n');
  const names = header!.split(',');
  return lines.map((line) => {
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cur += '"';
          i += 1;
        } else if (ch === '"') quoted = false;
        else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        cells.push(cur);
        cur = '';
      } else cur += ch;
    }
    cells.push(cur);
    return Object.fromEntries(names.map((n, k) => [n, cells[k] ?? '']));
  });
}

/** The one line of a PDF's text that starts with `start`. */
const mine = (lines: string[], start: string) => {
  const found = lines.filter((l) => l.startsWith(start));
  expect(found, start).toHaveLength(1);
  return found[0]!;
};

const annual = (who: SignedIn, query: string) =>
  who.inject({ method: 'GET', url: `/api/statements/annual?${query}` });

async function annualCsv(who: SignedIn, year: number) {
  const res = await annual(who, `year=${year}&format=csv`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="afrivest-annual-statement-${year}.csv"`,
  );
  const rows = parseCsv(res.body);
  return {
    summary: rows.find((r) => r.section === 'summary')!,
    ventures: rows.filter((r) => r.section === 'venture'),
  };
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  superadmin = await t.injectAs('superadmin');
  // A year of its own: the next calendar year, so that every entry below falls in Y1 or Y2 whatever
  // today is (the close of business runs for every day passed).
  Y1 = Number(t.ctx.clock.today().slice(0, 4)) + 1;
  Y2 = Y1 + 1;
  await moveTo(`${Y1}-11-10`);

  amara = await t.injectAs('user', {
    firstName: 'Amara',
    lastName: 'Okafor',
    kycStatus: 'complete',
    protection: 'passed',
  });
  bongani = await t.injectAs('user', {
    firstName: 'Bongani',
    lastName: 'Dlamini',
    kycStatus: 'complete',
    protection: 'passed',
  });
  company = await t.injectAs('corporate', { companyName: 'Kisumu Solar Ltd' });
  await depositNow(amara.user!.id, 1_000_000n);
  await depositNow(bongani.user!.id, 1_000_000n);

  // Withdrawals: one requested (stays), one cancelled (refunded: both entries are `withdrawal`).
  const bank = await amara.inject({
    method: 'PUT',
    url: '/api/payments/bank-account',
    payload: { iban: 'DE89370400440532013000', holderName: 'Amara Okafor' },
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const w1 = await amara.inject({
    method: 'POST',
    url: '/api/payments/withdrawals',
    payload: { amount: 100 },
  });
  expect(w1.statusCode, w1.body).toBe(201);
  const w2 = await amara.inject({
    method: 'POST',
    url: '/api/payments/withdrawals',
    payload: { amount: 50 },
  });
  expect(w2.statusCode, w2.body).toBe(201);
  const cancel = await amara.inject({
    method: 'POST',
    url: `/api/payments/withdrawals/${w2.json().data._id}/cancel`,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);

  const venture = (title: string, targetCents: bigint, terms: object = {}) =>
    openVenture(t, {
      title,
      createdBy: company.user!.id,
      targetAmountCents: targetCents,
      maxInvestmentCents: targetCents,
      minInvestmentCents: 3_000n,
      ...terms,
    }).then((v) => v.id);
  ventureIds.L1 = await venture('Solar kiosks in Kisumu', 200_000n, { repaymentType: 'equal_principal' });
  ventureIds.L2 = await venture('Cold chain in Mombasa', 100_000n);
  ventureIds.L3 = await venture('Boda boda fleet', 100_000n);
  ventureIds.C = await venture('Cancelled bakery', 500_000n);
  ventureIds.R = await venture('Revoked irrigation', 500_000n);
  ventureIds.B = await venture('Only Bongani', 500_000n);

  await invest(amara, ventureIds.L1, 1_000);
  await invest(bongani, ventureIds.L1, 1_000);
  await invest(amara, ventureIds.L2, 600);
  await invest(bongani, ventureIds.L2, 400);
  await invest(amara, ventureIds.L3, 500);
  await invest(bongani, ventureIds.L3, 500);
  await invest(amara, ventureIds.C, 200);
  const revoked = await invest(amara, ventureIds.R, 300);
  await invest(bongani, ventureIds.B, 250);
  const revoke = await amara.inject({ method: 'POST', url: `/api/investments/${revoked}/revoke` });
  expect(revoke.statusCode, revoke.body).toBe(200);
  const cancelled = await adminPost(ventureIds.C, 'cancel', { reason: 'The bakery closed.' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // The reflection periods end; the close of business starts the three loans.
  await moveTo(`${Y1}-11-16`);
  const schedule = await amara.inject({ method: 'GET', url: `/api/ventures/${ventureIds.L1}/schedule` });
  expect(schedule.statusCode, schedule.body).toBe(200);
  const firstDue: string = schedule.json().data.installments[0].dueDate;
  expect(firstDue < `${Y1}-12-20`).toBe(true);
  // Five days late: late interest accrues; the company pays everything owed (instalment 1 and its late interest).
  await moveTo(`${Y1}-12-20`);
  const owed = (
    await company.inject({ method: 'GET', url: `/api/ventures/${ventureIds.L1}/schedule` })
  ).json().data.overdue as number;
  expect(owed).toBeGreaterThan(0);
  const paid = await company.inject({
    method: 'POST',
    url: `/api/ventures/my-ventures/${ventureIds.L1}/repay`,
    payload: { amount: owed },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect(paid.json().data.allocated.lateInterest).toBeGreaterThan(0);
  // L2 written off in Y1; L3 in default in Y1, a recovery in Y2.
  expect((await adminPost(ventureIds.L2, 'default', { reason: 'Stopped trading.' })).statusCode).toBe(200);
  expect((await adminPost(ventureIds.L2, 'write-off', { reason: 'Nothing left.' })).statusCode).toBe(200);
  expect((await adminPost(ventureIds.L3, 'default', { reason: 'Stopped trading.' })).statusCode).toBe(200);
  await moveTo(`${Y2}-01-05`);
  const recovered = await adminPost(ventureIds.L3, 'recoveries', {
    amount: 400,
    costs: 0,
    note: 'Bikes sold',
  });
  expect(recovered.statusCode, recovered.body).toBe(200);
  await depositNow(amara.user!.id, 12_345n);
  // An admin's credit (the balances module's `deposit`), at business time: it lands in Y2 too.
  const { payload, headers } = multipart([], { amount: '10.00', note: 'Goodwill' });
  const credit = await admin.inject({
    method: 'POST',
    url: `/api/balances/add-balance/${amara.user!.id}`,
    payload,
    headers,
  });
  expect(credit.statusCode, credit.body).toBe(200);
}, 240_000);

describe('the annual statement', () => {
  it('has every figure of a year with every kind of entry equal to the ledger sums (CSV)', async () => {
    const ledger = await ledgerSums(amara.user!.id, Y1);
    for (const kind of ['deposit', 'withdrawal', 'investment', 'refund', 'revocation', 'instalment'])
      expect(ledger[kind], kind).toBeDefined();
    const { summary, ventures } = await annualCsv(amara, Y1);
    expect(summary.deposits).toBe(euros(ledger.deposit!));
    expect(summary.withdrawals).toBe(euros(ledger.withdrawal!));
    expect(summary.withdrawals).toBe('-100.00'); // 100 requested; 50 requested and cancelled
    expect(summary.invested).toBe(euros(ledger.investment!));
    expect(summary.refunded).toBe(euros(ledger.refund! + ledger.revocation!));
    expect(summary.recovered).toBe('0.00');
    expect(summary.other).toBe('0.00');
    // The instalment's entry split in its parts: their sum is the entry, each part is the investment's.
    const parts = ['principal_received', 'interest_received', 'late_interest_received', 'service_fees'].map(
      (c) => BigInt(Math.round(Number(summary[c]) * 100)),
    );
    expect(parts[0]! + parts[1]! + parts[2]! + parts[3]!).toBe(ledger.instalment!);
    const [l1] = await t.database.db
      .select()
      .from(investments)
      .where(sql`${investments.userId} = ${amara.user!.id} AND ${investments.ventureId} = ${ventureIds.L1}`);
    expect(parts).toEqual([
      l1!.receivedPrincipalCents,
      l1!.receivedInterestCents,
      l1!.receivedLateInterestCents,
      -l1!.serviceFeesCents,
    ]);
    for (const p of parts) expect(p).not.toBe(0n);
    // Written off: no cash, the principal recorded on the investment.
    const [l2] = await t.database.db
      .select()
      .from(investments)
      .where(sql`${investments.userId} = ${amara.user!.id} AND ${investments.ventureId} = ${ventureIds.L2}`);
    expect(summary.written_off).toBe(euros(l2!.writtenOffCents));
    expect(l2!.writtenOffCents).toBe(60_000n);
    // Opening and closing: the balance before 1 January and before the next.
    expect(summary.opening_balance).toBe(
      euros(await balanceAt(amara.user!.id, new Date(Date.UTC(Y1, 0, 1)))),
    );
    expect(summary.closing_balance).toBe(
      euros(await balanceAt(amara.user!.id, new Date(Date.UTC(Y2, 0, 1)))),
    );
    // The annex: one row a venture, its columns summing to the totals; every number with a dot.
    expect(ventures.map((v) => v.venture).sort()).toEqual(
      [
        'Boda boda fleet',
        'Cancelled bakery',
        'Cold chain in Mombasa',
        'Revoked irrigation',
        'Solar kiosks in Kisumu',
      ].sort(),
    );
    for (const column of [
      'invested',
      'refunded',
      'principal_received',
      'interest_received',
      'service_fees',
      'written_off',
    ]) {
      const sum = ventures.reduce((acc, v) => acc + BigInt(Math.round(Number(v[column]) * 100)), 0n);
      expect(euros(sum), column).toBe(summary[column]);
    }
    for (const row of [summary, ...ventures])
      for (const [key, value] of Object.entries(row))
        if (!['section', 'year', 'venture_id', 'venture'].includes(key) && value !== '')
          expect(value, key).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('puts a write-off in its year and a recovery the next year in that one; opening(Y2) = closing(Y1)', async () => {
    const y1 = await annualCsv(amara, Y1);
    const y2 = await annualCsv(amara, Y2);
    const ledger2 = await ledgerSums(amara.user!.id, Y2);
    expect(ledger2.recovery).toBeGreaterThan(0n);
    expect(y2.summary.recovered).toBe(euros(ledger2.recovery!));
    expect(y2.summary.written_off).toBe('0.00');
    expect(y1.summary.recovered).toBe('0.00');
    expect(y2.summary.deposits).toBe('133.45');
    expect(y2.summary.deposits).toBe(euros(ledger2.deposit!));
    expect(y2.summary.opening_balance).toBe(y1.summary.closing_balance);
    expect(y2.ventures.map((v) => v.venture)).toEqual(['Boda boda fleet']);
    const years = await amara.inject({ method: 'GET', url: '/api/statements/years' });
    expect(years.json().data).toMatchObject({ years: [Y2, Y1], firstDay: `${Y1}-11-10` });
  });

  it('prints the same figures in the PDF, in the investor’s language', async () => {
    const { summary: csv, ventures: csvVentures } = await annualCsv(amara, Y1);
    const res = await annual(amara, `year=${Y1}&format=pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="afrivest-annual-statement-${Y1}.pdf"`,
    );
    const { text } = readPdf(res.rawPayload);
    const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    const t8 = STATEMENT_TEXTS.en;
    expect(lines).toContain('AfriVest');
    expect(lines).toContain(`Annual statement ${Y1}`);
    expect(text).toContain('Amara Okafor');
    const cents = (v: string) => BigInt(Math.round(Number(v) * 100));
    const expected: [string, string][] = [
      [t8.opening, csv.opening_balance!],
      [t8.columns.deposits, csv.deposits!],
      [t8.columns.withdrawals, csv.withdrawals!],
      [t8.columns.invested, csv.invested!],
      [t8.columns.refunded, csv.refunded!],
      [t8.columns.principal, csv.principal_received!],
      [t8.columns.interest, csv.interest_received!],
      [t8.columns.lateInterest, csv.late_interest_received!],
      [t8.columns.fees, csv.service_fees!],
      [t8.columns.recovered, csv.recovered!],
      [t8.closing, csv.closing_balance!],
      [t8.writtenOff, csv.written_off!],
    ];
    for (const [label, value] of expected)
      expect(lines, label).toContain(`${label} ${money(cents(value), 'en').replace(/\s+/g, ' ')}`);
    // The annex: one line per venture with its figures (L1: invested, then the instalment's parts).
    const l1 = mine(lines, 'Solar kiosks in Kisumu');
    const row = csvVentures.find((v) => v.venture === 'Solar kiosks in Kisumu')!;
    expect(l1).toContain(
      [
        'invested',
        'refunded',
        'principal_received',
        'interest_received',
        'late_interest_received',
        'service_fees',
      ]
        .map((c) => money(cents(row[c]!), 'en'))
        .join(' '),
    );
    expect(text).not.toContain('Bongani');

    // German: the investor's language by default once the profile says so; German number formats.
    await t.database.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${amara.user!.id}::uuid`);
    const de = readPdf((await annual(amara, `year=${Y1}&format=pdf`)).rawPayload).text.replace(/\s+/g, ' ');
    await t.database.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${amara.user!.id}::uuid`);
    expect(de).toContain(`Jahresauszug ${Y1}`);
    expect(de).toContain(
      `${STATEMENT_TEXTS.de.columns.deposits} ${money(cents(csv.deposits!), 'de').replace(/\s+/g, ' ')}`,
    );
    expect(money(1_000_000n, 'de').replace(/\s+/g, ' ')).toBe('10.000,00 €');
    const fr = readPdf((await annual(amara, `year=${Y1}&format=pdf&lang=fr`)).rawPayload).text;
    expect(fr).toContain('Relevé annuel');
  });

  it("never shows another investor's data", async () => {
    const mine = await annualCsv(amara, Y1);
    const theirs = await annualCsv(bongani, Y1);
    expect(mine.ventures.map((v) => v.venture)).not.toContain('Only Bongani');
    expect(theirs.ventures.map((v) => v.venture)).toContain('Only Bongani');
    expect(theirs.summary.deposits).toBe('10000.00');
    const ledger = await ledgerSums(bongani.user!.id, Y1);
    expect(theirs.summary.invested).toBe(euros(ledger.investment!));
    // A person with no entry: 404 with its code, for any year.
    const stranger = await t.injectAs('user', { kycStatus: 'complete' });
    const none = await annual(stranger, `year=${Y1}&format=csv`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('statements.no_activity');
    expect(
      (await stranger.inject({ method: 'GET', url: '/api/statements/years' })).json().data.years,
    ).toEqual([]);
    // Transactions: exactly the caller's own entries.
    const tx = await amara.inject({
      method: 'GET',
      url: `/api/statements/transactions?from=${Y1}-01-01&to=${Y2}-12-31&format=csv`,
    });
    expect(tx.statusCode, tx.body).toBe(200);
    const rows = parseCsv(tx.body);
    const { rows: own } = await t.database.db.execute<{ id: string; cents: string; after: string }>(sql`
      SELECT e.transaction_id AS id, e.amount_cents::text AS cents, e.balance_after_cents::text AS after
        FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
       WHERE a.user_id = ${amara.user!.id}::uuid ORDER BY e.created_at, e.id`);
    expect(rows.map((r) => [r.transaction_id, r.amount, r.balance_after])).toEqual(
      own.map((r) => [r.id, euros(BigInt(r.cents)), euros(BigInt(r.after))]),
    );
    expect(tx.body).not.toContain('Only Bongani');
  });
});

describe('the transactions and investments exports', () => {
  it("gives a company its own ledger rows with the balance after each, in the range's days", async () => {
    const res = await company.inject({
      method: 'GET',
      url: `/api/statements/transactions?from=${Y1}-11-10&to=${Y1}-12-31&format=csv`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="afrivest-transactions-${Y1}-11-10-${Y1}-12-31.csv"`,
    );
    const rows = parseCsv(res.body);
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'disbursement',
      'disbursement',
      'disbursement',
      'instalment',
    ]);
    for (const r of rows) {
      expect(r.date! >= `${Y1}-11-10` && r.date! <= `${Y1}-12-31`).toBe(true);
      expect(r.amount).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(rows.at(-1)!.balance_after).toBe(
      euros(await balanceAt(company.user!.id, new Date(Date.UTC(Y2, 0, 1)))),
    );
    // A range that ends before the loans started: the header only.
    const empty = await company.inject({
      method: 'GET',
      url: `/api/statements/transactions?from=${Y1}-01-01&to=${Y1}-01-31&format=csv`,
    });
    expect(empty.body.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it("exports the investor's investments list", async () => {
    const res = await amara.inject({ method: 'GET', url: '/api/statements/investments?format=csv' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body);
    const mine = await t.database.db.select().from(investments).where(eq(investments.userId, amara.user!.id));
    expect(rows.map((r) => r.investment_id).sort()).toEqual(mine.map((m) => m.id).sort());
    const l2 = rows.find((r) => r.venture === 'Cold chain in Mombasa')!;
    expect(l2).toMatchObject({ status: 'written_off', amount: '600.00', written_off: '600.00' });
    expect(res.body).not.toContain('Only Bongani');
  });
});

describe('validation and roles', () => {
  it('refuses bad years, formats and ranges with their codes', async () => {
    const cases: [string, string][] = [
      ['/api/statements/annual?year=1999&format=csv', 'statements.year_invalid'],
      [`/api/statements/annual?year=${Y2 + 1}&format=csv`, 'statements.year_invalid'],
      ['/api/statements/annual?year=20x6&format=csv', 'statements.year_invalid'],
      ['/api/statements/annual?format=csv', 'statements.year_invalid'],
      [`/api/statements/annual?year=${Y1}&format=xls`, 'statements.format_invalid'],
      [`/api/statements/annual?year=${Y1}&format=pdf&lang=it`, 'statements.language_invalid'],
      [`/api/statements/transactions?from=${Y1}-02-30&to=${Y1}-03-01&format=csv`, 'statements.date_invalid'],
      [`/api/statements/transactions?to=${Y1}-03-01&format=csv`, 'statements.date_invalid'],
      [`/api/statements/transactions?from=${Y1}-03-02&to=${Y1}-03-01&format=csv`, 'statements.range_invalid'],
      [
        `/api/statements/transactions?from=${Y1 - 5}-03-01&to=${Y1}-03-01&format=csv`,
        'statements.range_too_long',
      ],
      [
        `/api/statements/transactions?from=${Y1}-03-01&to=${Y1}-03-01&format=pdf`,
        'statements.format_invalid',
      ],
      ['/api/statements/investments?format=pdf', 'statements.format_invalid'],
    ];
    for (const [url, code] of cases) {
      const res = await amara.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect([body.code, ...Object.values(body.codes ?? {})], url).toContain(code);
    }
    // Four years and 364 days is allowed.
    const ok = await amara.inject({
      method: 'GET',
      url: `/api/statements/transactions?from=${Y1 - 5}-03-02&to=${Y1}-03-01&format=csv`,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers the annual statement and the investments to investors only, the transactions to investors and companies', async () => {
    const visitor = await t.injectAs('visitor');
    const urls = [
      `/api/statements/annual?year=${Y1}&format=csv`,
      '/api/statements/investments?format=csv',
      `/api/statements/transactions?from=${Y1}-01-01&to=${Y1}-12-31&format=csv`,
      '/api/statements/years',
    ];
    for (const url of urls) {
      expect((await visitor.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await admin.inject({ method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await company.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(403);
    expect((await company.inject({ method: 'GET', url: urls[1]! })).statusCode).toBe(403);
    expect((await company.inject({ method: 'GET', url: urls[3]! })).statusCode).toBe(200);
  });
});

describe('the CSV writer', () => {
  it('writes amounts from cents with a dot, and keeps a text cell from being read as a formula', () => {
    expect([0n, 5n, -5n, 123456n, -100n, 10n ** 15n].map(decimal)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1234.56',
      '-1.00',
      '10000000000000.00',
    ]);
    const body = transactionsCsv([
      {
        at: new Date('2027-03-01T10:20:30Z'),
        transactionId: 't1',
        kind: 'refund',
        note: '=HYPERLINK("http://evil.example","click"), or not',
        venture: '@SUM(1+1)',
        amountCents: -2500n,
        balanceAfterCents: 0n,
      },
    ]).toString('utf8');
    expect(body.split('\r\n')[1]).toBe(
      `2027-03-01,10:20:30,t1,refund,"'=HYPERLINK(""http://evil.example"",""click""), or not",'@SUM(1+1),-25.00,0.00`,
    );
  });
});

it('pdftotext is installed', () => {
  expect(
    execFileSync('pdftotext', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  ).toBeDefined();
});
