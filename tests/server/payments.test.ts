/**
 * Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals"): deposit
 * instructions, the bank account and its hold, withdrawals under concurrency with exact refunds, the
 * admin's decisions and the SEPA payment file, and the camt.053 import. The ledger's invariants are
 * checked after every test (tests/server/invariants.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { depositReference, isValidRfReference } from '../../src-shared/rules/payments';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, verifiedInvestor } from './money-helpers';
import { multipart } from './multipart';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

const IBAN = 'DE89370400440532013000';
const OTHER_IBAN = 'FR1420041010050500013M02606';
const FIXTURE = readFileSync(join(__dirname, 'fixtures', 'camt053-statement.xml'), 'utf8');

const register = (who: SignedIn, iban = IBAN, holderName = 'Amara Okafor') =>
  who.inject({ method: 'PUT', url: '/api/payments/bank-account', payload: { iban, holderName } });
const withdraw = (who: SignedIn, amount: unknown, headers: Record<string, string> = {}) =>
  who.inject({ method: 'POST', url: '/api/payments/withdrawals', payload: { amount }, headers });
const cancel = (who: SignedIn, id: string) =>
  who.inject({ method: 'POST', url: `/api/payments/withdrawals/${id}/cancel` });
const decide = (id: string, status: string, reason?: string) =>
  admin.inject({
    method: 'PATCH',
    url: `/api/admin/withdrawals/${id}`,
    payload: reason === undefined ? { status } : { status, reason },
  });
const exportFile = () => admin.inject({ method: 'POST', url: '/api/admin/withdrawals/export' });
const referenceOf = async (who: SignedIn): Promise<string> =>
  (await who.inject({ method: 'GET', url: '/api/payments/deposit-instructions' })).json().data.reference;
const pending = async () =>
  (
    await t.database.pool.query<{ b: string }>(
      `select balance_cents::text as b from accounts where code = 'pending-withdrawals'`,
    )
  ).rows[0]!.b;

/** A verified investor with a balance and a registered bank account. */
async function ready(cents = 100_000n): Promise<SignedIn> {
  const investor = await verifiedInvestor(t, cents);
  expect((await register(investor)).statusCode).toBe(200);
  return investor;
}

describe('deposit instructions', () => {
  it("give the platform's account and the caller's own RF reference: valid, stable, unique", async () => {
    const a = await t.injectAs('user');
    const b = await t.injectAs('corporate');
    const res = await a.inject({ method: 'GET', url: '/api/payments/deposit-instructions' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      beneficiary: 'AfriVest Client Money (demo)',
    });
    const reference = res.json().data.reference as string;
    expect(isValidRfReference(reference)).toBe(true);
    expect(await referenceOf(a)).toBe(reference);
    const other = await referenceOf(b);
    expect(isValidRfReference(other)).toBe(true);
    expect(other).not.toBe(reference);
  });
});

describe('the bank account', () => {
  it('refuses an IBAN with wrong check digits (400 payments.invalid_iban) and stores nothing', async () => {
    const investor = await t.injectAs('user');
    const res = await register(investor, 'DE89370400440532013001');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'payments.invalid_iban' });
    const read = await investor.inject({ method: 'GET', url: '/api/payments/bank-account' });
    expect(read.json()).toEqual({ data: null });
  });

  it('answers masked; the first registration holds nothing, a change e-mails and holds withdrawals 24 business hours', async () => {
    const investor = await verifiedInvestor(t, 10_000n);
    const first = await register(investor, 'de89 3704 0044 0532 0130 00');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      iban: '******************3000',
      holderName: 'Amara Okafor',
      verified: true,
      heldUntil: null,
    });
    expect(first.body).not.toContain('370400440532');
    expect((await withdraw(investor, 10)).statusCode).toBe(201);

    const changed = await register(investor, OTHER_IBAN, 'Amara O.');
    expect(changed.json().data).toMatchObject({ iban: '***********************2606', verified: false });
    const mails = (await t.outbox()).filter((m) => m.to === investor.user!.email);
    expect(mails.map((m) => m.subject)).toContain('Your bank account for withdrawals was changed');
    const held = await withdraw(investor, 10);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'payments.withdrawals_held' });
    expect(held.json().params.until).toBe(changed.json().data.heldUntil);
    expect(await balanceOf(t, investor.user!.id)).toBe(9_000n);

    // A business day later the hold is over (the business clock, not the wall clock).
    await t.database.pool.query('update business_clock set offset_days = offset_days + 1');
    try {
      const read = await investor.inject({ method: 'GET', url: '/api/payments/bank-account' });
      expect(read.json().data).toMatchObject({ verified: true, heldUntil: null });
      const later = await withdraw(investor, 10);
      expect(later.statusCode).toBe(201);
      expect(later.json().data.iban).toBe('***********************2606');
    } finally {
      await t.database.pool.query('update business_clock set offset_days = offset_days - 1');
    }
  });
});

describe('a withdrawal request', () => {
  it('needs identity verification and a bank account, and an amount within the balance', async () => {
    const unverified = await t.injectAs('user');
    expect((await register(unverified)).statusCode).toBe(200);
    const noKyc = await withdraw(unverified, 10);
    expect([noKyc.statusCode, noKyc.json().code]).toEqual([403, 'payments.kyc_required']);

    const noBank = await verifiedInvestor(t, 10_000n);
    const refused = await withdraw(noBank, 10);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'payments.bank_account_required']);

    const investor = await ready(10_000n);
    const tooMuch = await withdraw(investor, 100.01);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'payments.insufficient_balance',
      params: { availableAmount: 100 },
    });
    for (const [amount, code] of [
      [0, 'money.amount_positive'],
      [-5, 'money.amount_positive'],
      [1.001, 'money.amount_two_decimals'],
      ['10', 'money.amount_not_number'],
      [100_000_000.01, 'input.amount_too_large'],
    ] as const) {
      const res = await withdraw(investor, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().codes?.amount ?? res.json().code, String(amount)).toBe(code);
    }
    expect(await balanceOf(t, investor.user!.id)).toBe(10_000n);
    expect(
      (await investor.inject({ method: 'GET', url: '/api/payments/withdrawals/mine' })).json().data,
    ).toEqual([]);
  });

  it('takes the money at once into pending withdrawals, lists it, and e-mails the person', async () => {
    const investor = await ready(10_000n);
    const before = BigInt(await pending());
    const res = await withdraw(investor, 40.5);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      amount: 40.5,
      status: 'requested',
      iban: '******************3000',
    });
    expect(await balanceOf(t, investor.user!.id)).toBe(5_950n);
    expect(BigInt(await pending()) - before).toBe(4_050n);
    const mine = await investor.inject({ method: 'GET', url: '/api/payments/withdrawals/mine' });
    expect(mine.json().data).toEqual([
      expect.objectContaining({ _id: res.json().data._id, status: 'requested' }),
    ]);
    const mails = (await t.outbox()).filter((m) => m.to === investor.user!.email);
    expect(mails.map((m) => m.subject)).toContain('Your withdrawal of €40.50 is requested');
  });

  it('moves money once per Idempotency-Key', async () => {
    const investor = await ready(10_000n);
    const headers = { 'idempotency-key': 'withdraw-once-1' };
    const first = await withdraw(investor, 30, headers);
    const again = await withdraw(investor, 30, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await balanceOf(t, investor.user!.id)).toBe(7_000n);
  });

  it('never takes a balance below zero: 20 parallel requests of €100 on €1,000', async () => {
    const investor = await ready(100_000n);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(investor, 100)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode === 400))
      expect(r.json().code).toBe('payments.insufficient_balance');
    expect(await balanceOf(t, investor.user!.id)).toBe(0n);
  });
});

describe('cancellation and rejection', () => {
  it('the owner cancels while requested: refunded exactly once, even when sent 10 times at once', async () => {
    const investor = await ready(10_000n);
    const id = (await withdraw(investor, 60)).json().data._id as string;
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel(investor, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, r.json().code]).toEqual([409, 'payments.not_cancellable']);
    expect(await balanceOf(t, investor.user!.id)).toBe(10_000n);
    const mine = await investor.inject({ method: 'GET', url: '/api/payments/withdrawals/mine' });
    expect(mine.json().data[0]).toMatchObject({ _id: id, status: 'cancelled' });
    // One e-mail for the one cancel that refunded, none for the nine refused.
    const mails = (await t.outbox()).filter((m) => m.to === investor.user!.email);
    const cancelled = mails.filter((m) => m.subject === 'Your withdrawal of €60.00 is cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain(
      'You cancelled your withdrawal of €60.00 to ******************3000.',
    );
    expect(cancelled[0]!.text).toContain('The full amount is back in your available balance.');
  });

  it("e-mails the cancel in the person's language", async () => {
    const investor = await ready(10_000n);
    await t.database.pool.query(`update users set language = 'de' where id = $1`, [investor.user!.id]);
    const id = (await withdraw(investor, 12.5)).json().data._id as string;
    expect((await cancel(investor, id)).statusCode).toBe(200);
    const mails = (await t.outbox()).filter((m) => m.to === investor.user!.email);
    // Intl writes a no-break space between the amount and the euro sign.
    const mail = mails.find((m) => /^Ihre Auszahlung von 12,50\s€ ist storniert$/.test(m.subject))!;
    expect(mail.text).toContain('Der volle Betrag ist wieder in Ihrem verfügbaren Guthaben.');
  });

  it("someone else's withdrawal cannot be cancelled (404)", async () => {
    const investor = await ready(10_000n);
    const stranger = await ready(10_000n);
    const id = (await withdraw(investor, 10)).json().data._id as string;
    const res = await cancel(stranger, id);
    expect([res.statusCode, res.json().code]).toEqual([404, 'payments.withdrawal_not_found']);
    expect(await balanceOf(t, investor.user!.id)).toBe(9_000n);
  });

  it('a rejection needs a reason, refunds in full once, and e-mails the reason; a cancel racing it refunds nothing more', async () => {
    const investor = await ready(10_000n);
    const id = (await withdraw(investor, 25)).json().data._id as string;
    const noReason = await decide(id, 'rejected');
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'payments.reason_required']);
    expect((await decide(id, 'rejected', '   ')).statusCode).toBe(400);
    const results = await Promise.all([
      decide(id, 'rejected', 'The account holder does not match.'),
      decide(id, 'rejected', 'The account holder does not match.'),
      cancel(investor, id),
      decide(id, 'approved'),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const winner = results.find((r) => r.statusCode === 200)!;
    // Whichever call wins the row's lock decides: a rejection or a cancel refunds the 25 once; an
    // approval keeps it withdrawn. Never more than one refund.
    expect(await balanceOf(t, investor.user!.id)).toBe(
      winner.json().data.status === 'approved' ? 7_500n : 10_000n,
    );
    if (winner.json().data.status === 'rejected') {
      const mails = (await t.outbox()).filter((m) => m.to === investor.user!.email);
      const mail = mails.find((m) => m.subject === 'Your withdrawal of €25.00 was not approved')!;
      expect(mail.text).toContain('The account holder does not match.');
    }
  });
});

describe('approval and the SEPA payment file', () => {
  it('approves, exports every approved withdrawal once as pain.001.001.09, and marks them sent', async () => {
    // Nothing left over from other tests: approve or clear what is requested.
    const list = await admin.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?status=requested&limit=100',
    });
    expect(list.statusCode).toBe(200);
    for (const row of list.json().data as { _id: string }[])
      expect((await decide(row._id, 'rejected', 'Test cleanup')).statusCode).toBe(200);
    const drained = await exportFile();
    expect([200, 409]).toContain(drained.statusCode);

    const a = await ready(50_000n);
    const b = await ready(50_000n);
    const first = (await withdraw(a, 120.5)).json().data._id as string;
    const second = (await withdraw(b, 80)).json().data._id as string;
    const kept = (await withdraw(b, 10)).json().data._id as string;
    const listed = await admin.inject({
      method: 'GET',
      url: `/api/admin/withdrawals?search=${b.user!.email}`,
    });
    expect(listed.json().data).toHaveLength(2);
    expect(listed.json().data[0]).toMatchObject({
      iban: '******************3000',
      holderName: 'Amara Okafor',
      user: { id: b.user!.id, email: b.user!.email },
    });
    expect(listed.body).not.toContain(IBAN);
    expect((await decide(first, 'approved')).statusCode).toBe(200);
    expect((await decide(second, 'approved')).json().data.status).toBe('approved');
    const twice = await decide(first, 'approved');
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'payments.already_decided']);
    const pendingBefore = BigInt(await pending());

    const res = await exportFile();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>200.50</CtrlSum>');
    expect(xml).toContain(`<EndToEndId>${first.replace(/-/g, '')}</EndToEndId>`);
    expect(xml).not.toContain(kept.replace(/-/g, ''));
    expect(pendingBefore - BigInt(await pending())).toBe(20_050n);

    const mine = await a.inject({ method: 'GET', url: '/api/payments/withdrawals/mine' });
    expect(mine.json().data[0]).toMatchObject({ _id: first, status: 'sent' });
    const mails = (await t.outbox()).filter((m) => m.to === a.user!.email).map((m) => m.subject);
    expect(mails).toEqual(
      expect.arrayContaining([
        'Your withdrawal of €120.50 is approved',
        'Your withdrawal of €120.50 is on its way',
      ]),
    );
    // Sent is final: no cancel, no decision.
    expect((await cancel(a, first)).statusCode).toBe(409);
    expect((await decide(first, 'rejected', 'Too late')).statusCode).toBe(409);

    const again = await exportFile();
    expect([again.statusCode, again.json().code]).toEqual([409, 'payments.nothing_to_export']);

    // The file is kept and can be downloaded again, byte for byte.
    const exportId = res.headers['x-export-id'] as string;
    const files = await admin.inject({ method: 'GET', url: '/api/admin/withdrawals/exports' });
    expect(files.json().data[0]).toMatchObject({ _id: exportId, count: 2, total: 200.5 });
    const download = await admin.inject({ method: 'GET', url: `/api/admin/withdrawals/exports/${exportId}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(xml);
  });

  it('two exports at once write one file', async () => {
    const investor = await ready(10_000n);
    const id = (await withdraw(investor, 15)).json().data._id as string;
    expect((await decide(id, 'approved')).statusCode).toBe(200);
    const [x, y] = await Promise.all([exportFile(), exportFile()]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await balanceOf(t, investor.user!.id)).toBe(8_500n);
  });
});

describe('bank statement import (camt.053)', () => {
  const upload = (xml: string, name = 'statement.xml') => {
    const form = multipart([
      { field: 'file', filename: name, content: Buffer.from(xml), type: 'application/xml' },
    ]);
    return admin.inject({
      method: 'POST',
      url: '/api/admin/bank-statements',
      payload: form.payload,
      headers: form.headers,
    });
  };

  it('credits each entry with a known reference once, lists the rest, and credits nothing on re-import', async () => {
    const amara = await t.injectAs('user');
    const lagos = await t.injectAs('corporate');
    const statement = FIXTURE.replaceAll('AV00100001', 'TEMP0001')
      .replaceAll('RF37TEMP0001', await referenceOf(amara))
      .replaceAll('RF37 AV00 1000 01', (await referenceOf(amara)).replace(/(.{4})(?=.)/g, '$1 '))
      .replaceAll('RF10AV00100002', await referenceOf(lagos))
      .replaceAll('rf80av00100003', depositReference(99_999_999).toLowerCase());
    const res = await upload(statement);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.credited).toBe(2);
    expect(data.duplicates).toBe(0);
    expect(data.unmatched.map((u: { reason: string }) => u.reason).sort()).toEqual(
      ['batch', 'currency', 'debit', 'no_reference', 'returned', 'unknown_reference'].sort(),
    );
    const usd = data.unmatched.find((u: { reason: string }) => u.reason === 'currency');
    expect(usd).toMatchObject({
      amount: 120,
      currency: 'USD',
      name: 'John Miller',
      bookingDate: '2026-11-26',
    });
    expect(await balanceOf(t, amara.user!.id)).toBe(25_000n);
    expect(await balanceOf(t, lagos.user!.id)).toBe(100_000n);
    const mails = (await t.outbox()).filter((m) => m.to === amara.user!.email);
    expect(mails.map((m) => m.subject)).toContain('Your deposit of €250.00 is credited');

    const again = await upload(statement);
    expect(again.json().data).toEqual({ credited: 0, duplicates: 8, unmatched: [] });
    expect(await balanceOf(t, amara.user!.id)).toBe(25_000n);

    // The unmatched entries wait for an admin; a credit in euros can be assigned once.
    const unmatched = await admin.inject({
      method: 'GET',
      url: '/api/admin/bank-statements/entries?status=unmatched',
    });
    expect(unmatched.json().pagination.total).toBeGreaterThanOrEqual(6);
    const noRef = data.unmatched.find((u: { reason: string }) => u.reason === 'no_reference');
    const assign = (entryId: string, userId: string) =>
      admin.inject({
        method: 'POST',
        url: `/api/admin/bank-statements/entries/${entryId}/assign`,
        payload: { userId, note: 'Invoice 4711 was a deposit by Amara' },
      });
    const assigned = await assign(noRef._id, amara.user!.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'assigned', userId: amara.user!.id, reason: null });
    expect(await balanceOf(t, amara.user!.id)).toBe(32_550n);
    const twice = await assign(noRef._id, amara.user!.id);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'payments.entry_already_assigned']);
    for (const reason of ['currency', 'returned', 'debit']) {
      const entry = data.unmatched.find((u: { reason: string }) => u.reason === reason);
      const refused = await assign(entry._id, amara.user!.id);
      expect([refused.statusCode, refused.json().code], reason).toEqual([
        409,
        'payments.entry_not_assignable',
      ]);
    }
    expect(await balanceOf(t, amara.user!.id)).toBe(32_550n);
  });

  it('imports the same statement twice at once and credits it once', async () => {
    const person = await t.injectAs('user');
    const reference = await referenceOf(person);
    const statement = FIXTURE.replaceAll('2026112600000101', '2026112699999901').replaceAll(
      'Deposit RF37 AV00 1000 01 thanks',
      `Deposit ${reference}`,
    );
    const only = statement.replace(/<Ntry>[\s\S]*<\/Ntry>/, (all) =>
      all.slice(0, all.indexOf('</Ntry>') + 7),
    );
    const [x, y] = await Promise.all([upload(only), upload(only)]);
    expect([x.json().data.credited, y.json().data.credited].sort()).toEqual([0, 1]);
    expect(await balanceOf(t, person.user!.id)).toBe(25_000n);
  });

  it('refuses a file that is not a camt.053 (400) and changes nothing', async () => {
    const before = await t.database.pool.query('select count(*)::int as n from bank_statement_entries');
    for (const content of ['not xml', FIXTURE.replaceAll('camt.053.001.08', 'pain.001.001.09'), '']) {
      const res = await upload(content);
      expect(res.statusCode).toBe(400);
      if (content) expect(res.json().code).toBe('payments.not_camt053');
    }
    const after = await t.database.pool.query('select count(*)::int as n from bank_statement_entries');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
