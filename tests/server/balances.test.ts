import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor } from './money-helpers';
import { multipart } from './multipart';

let t: TestContext;
let admin: SignedIn;

function addBalance(
  userId: string,
  fields: Record<string, string>,
  options: { key?: string; proof?: Buffer; as?: SignedIn } = {},
) {
  const { payload, headers } = multipart(
    options.proof
      ? [{ field: 'proof', filename: 'proof.png', content: options.proof, type: 'image/png' }]
      : [],
    fields,
  );
  return (options.as ?? admin).inject({
    method: 'POST',
    url: `/api/balances/add-balance/${userId}`,
    payload,
    headers: { ...headers, ...(options.key && { 'idempotency-key': options.key }) },
  });
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('POST /api/balances/add-balance/{userId}', () => {
  it('adds and deducts with a note; a deduction below zero changes nothing', async () => {
    const investor = await t.injectAs('user');
    const id = investor.user!.id;
    const added = await addBalance(id, { amount: '1500.25', note: 'Bank transfer 2026-11-20' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: 'Balance updated successfully.', balance: 1500.25 });
    const deducted = await addBalance(id, { amount: '-500.25' });
    expect(deducted.json().balance).toBe(1000);
    const tooMuch = await addBalance(id, { amount: '-1000.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('Insufficient balance.');
    expect(await balanceOf(t, id)).toBe(100_000n);
    expect((await addBalance(id, { amount: '-1000' })).json().balance).toBe(0);

    const history = await investor.inject({ method: 'GET', url: `/api/balances/${id}/history` });
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .data.map(
          (r: {
            kind: string;
            amount: number;
            balanceBefore: number;
            balanceAfter: number;
            note: string | null;
          }) => [r.kind, r.amount, r.balanceBefore, r.balanceAfter, r.note],
        ),
    ).toEqual([
      ['withdrawal', -1000, 1000, 0, 'Deduction recorded by an admin'],
      ['withdrawal', -500.25, 1500.25, 1000, 'Deduction recorded by an admin'],
      ['deposit', 1500.25, 0, 1500.25, 'Bank transfer 2026-11-20'],
    ]);
    expect(history.json().pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
  });

  it('checks the amount, the person and the caller', async () => {
    const investor = await t.injectAs('user');
    const id = investor.user!.id;
    for (const [amount, message] of [
      ['', 'Amount is required'],
      ['0', 'Amount must not be 0'],
      ['0.00', 'Amount must not be 0'],
      ['12.345', 'Amount must be an amount with at most two decimals'],
      ['ten', 'Amount must be an amount with at most two decimals'],
      ['NaN', 'Amount must be an amount with at most two decimals'],
      ['Infinity', 'Amount must be an amount with at most two decimals'],
    ]) {
      const res = await addBalance(id, { amount: amount! });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await addBalance(admin.user!.id, { amount: '10' })).statusCode).toBe(404);
    expect((await addBalance('00000000-0000-4000-8000-000000000000', { amount: '10' })).statusCode).toBe(404);
    expect((await addBalance(id, { amount: '10' }, { as: investor })).statusCode).toBe(403);
    expect(await balanceOf(t, id)).toBe(0n);
  });

  it('keeps a proof privately for admins and refuses a file that is not an image or PDF', async () => {
    const investor = await t.injectAs('user');
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const res = await addBalance(investor.user!.id, { amount: '100' }, { proof: png });
    expect(res.statusCode).toBe(200);
    const rows = await admin.inject({
      method: 'GET',
      url: `/api/balances/all-histories?search=${encodeURIComponent(investor.user!.email)}`,
    });
    const [row] = rows.json().data;
    expect(row).toMatchObject({
      kind: 'deposit',
      amount: 100,
      user: { id: investor.user!.id },
      createdBy: { id: admin.user!.id },
    });
    expect(row.proofUrl).toMatch(/^\/api\/balances\/proofs\//);
    const proof = await admin.inject({ method: 'GET', url: row.proofUrl });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.equals(png)).toBe(true);
    expect((await investor.inject({ method: 'GET', url: row.proofUrl })).statusCode).toBe(404);
    const [tx] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.proofPath, ledgerTransactions.proofPath))
      .limit(1);
    expect(tx).toBeDefined();
    const text = await addBalance(
      investor.user!.id,
      { amount: '5' },
      { proof: Buffer.from('not a picture at all') },
    );
    expect(text.statusCode).toBe(415);
    expect(await balanceOf(t, investor.user!.id)).toBe(10_000n);
  });

  it('applies one Idempotency-Key once; the same key with another amount answers 422', async () => {
    const investor = await t.injectAs('user');
    const id = investor.user!.id;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => addBalance(id, { amount: '70' }, { key: 'dep-1' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await balanceOf(t, id)).toBe(7_000n);
    const other = await addBalance(id, { amount: '71' }, { key: 'dep-1' });
    expect(other.statusCode).toBe(422);
    expect(await balanceOf(t, id)).toBe(7_000n);
  });
});

describe('the deposit e-mail', () => {
  const mailsTo = async (to: string) =>
    (await t.outbox()).filter((m) => m.to === to && m.kind === 'balance-credited');

  it('tells the person the amount credited and the new balance, in their language', async () => {
    const investor = await t.injectAs('user', { firstName: 'Ama', email: 'ama.deposit@example.com' });
    const id = investor.user!.id;
    expect((await addBalance(id, { amount: '1500.25', note: 'Transfer AV-1' })).statusCode).toBe(200);
    expect((await addBalance(id, { amount: '30' })).statusCode).toBe(200);
    // The queue sends in no fixed order: each e-mail is found by its subject.
    const mails = await mailsTo('ama.deposit@example.com');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your deposit of €1,500.25 is credited',
      'Your deposit of €30.00 is credited',
    ]);
    const first = mails.find((m) => m.subject.includes('€1,500.25'))!;
    const second = mails.find((m) => m.subject.includes('€30.00'))!;
    expect(first.text).toContain('Hello Ama,');
    expect(first.text).toContain('we credited €1,500.25 to your AfriVest balance.');
    expect(first.text).toContain('Your new balance is €1,500.25.');
    expect(second.text).toContain('Your new balance is €1,530.25.');
    expect(second.text).toContain(`${t.ctx.config.publicUrl}/user/funding`);

    const german = await t.injectAs('user', {
      firstName: 'Jonas',
      email: 'jonas.deposit@example.com',
      language: 'de',
    });
    await addBalance(german.user!.id, { amount: '1234.5' });
    const [mail] = await mailsTo('jonas.deposit@example.com');
    expect(mail!.subject).toBe('Ihre Einzahlung von 1.234,50\u00a0€ ist gutgeschrieben');
    expect(mail!.text).toContain('Ihr neues Guthaben beträgt 1.234,50\u00a0€.');
  });

  it('sends nothing for a refused credit or a deduction, and once for a retried credit', async () => {
    const investor = await t.injectAs('user', { email: 'kwame.deposit@example.com' });
    const id = investor.user!.id;
    expect((await addBalance(id, { amount: '12.345' })).statusCode).toBe(400);
    expect((await addBalance(id, { amount: '-5' })).statusCode).toBe(400);
    const corporate = await t.injectAs('corporate');
    expect((await addBalance(id, { amount: '50' }, { as: corporate })).statusCode).toBe(403);
    expect(await mailsTo('kwame.deposit@example.com')).toEqual([]);

    const first = await addBalance(id, { amount: '80' }, { key: 'mail-once' });
    const again = await addBalance(id, { amount: '80' }, { key: 'mail-once' });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(t, id)).toBe(8_000n);
    expect((await addBalance(id, { amount: '-20' })).statusCode).toBe(200);
    const mails = await mailsTo('kwame.deposit@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your new balance is €80.00.');
  });
});

describe('balance lists', () => {
  it('shows a person only their own history (404 for someone else), admins everyone', async () => {
    const a = await verifiedInvestor(t, 5_000n);
    const b = await verifiedInvestor(t, 5_000n);
    expect((await a.inject({ method: 'GET', url: `/api/balances/${b.user!.id}/history` })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.inject({ method: 'GET', url: `/api/balances/${b.user!.id}/history` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/balances/${b.user!.id}/history` })).statusCode,
    ).toBe(401);
  });

  it('lists balances for admins, searchable and sorted by balance or update time', async () => {
    await verifiedInvestor(t, 123_456n, 'rich.person@example.com');
    const res = await admin.inject({
      method: 'GET',
      url: '/api/balances?search=rich.person&sortBy=balance&sortOrder=desc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(String),
        user: expect.objectContaining({ email: 'rich.person@example.com' }),
        balance: 1234.56,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const sorted = (
      await admin.inject({ method: 'GET', url: '/api/balances?sortBy=balance&sortOrder=desc&limit=100' })
    ).json().data;
    const balances = sorted.map((r: { balance: number }) => r.balance);
    expect(balances).toEqual([...balances].sort((x, y) => y - x));
    expect((await admin.inject({ method: 'GET', url: '/api/balances?sortBy=name' })).statusCode).toBe(400);
    const investor = await t.injectAs('user');
    expect((await investor.inject({ method: 'GET', url: '/api/balances' })).statusCode).toBe(403);
  });

  it("shows an investment in the investor's history", async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 20_000n);
    await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: venture.id, amount: 75 },
    });
    const [latest] = (
      await investor.inject({ method: 'GET', url: `/api/balances/${investor.user!.id}/history` })
    ).json().data;
    expect(latest).toMatchObject({ kind: 'investment', amount: -75, balanceBefore: 200, balanceAfter: 125 });
  });
});
