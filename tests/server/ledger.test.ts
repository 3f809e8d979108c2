import { beforeAll, describe, expect, it } from 'vitest';
import { postTransaction, externalAccountId, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type TestContext } from './context';
import { findInvariantViolations } from './invariants';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

async function balance(accountId: string): Promise<bigint> {
  const { rows } = await t.database.pool.query('SELECT balance_cents FROM accounts WHERE id = $1', [
    accountId,
  ]);
  return BigInt(rows[0].balance_cents);
}

describe('the ledger (ARCHITECTURE.md, "The money model")', () => {
  it('moves balances through entries that record the balance before and after', async () => {
    const user = await t.createUser();
    const account = await userAccountId(t.database.db, user.id);
    const external = await externalAccountId(t.database.db);
    await t.database.db.transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'deposit',
        note: 'Test deposit',
        entries: [
          { accountId: external, amountCents: -12345n },
          { accountId: account, amountCents: 12345n },
        ],
      });
      await postTransaction(tx, {
        kind: 'withdrawal',
        note: 'Test withdrawal',
        entries: [
          { accountId: account, amountCents: -345n },
          { accountId: external, amountCents: 345n },
        ],
      });
    });
    expect(await balance(account)).toBe(12000n);
    const { rows } = await t.database.pool.query(
      'SELECT amount_cents, balance_before_cents, balance_after_cents FROM ledger_entries WHERE account_id = $1 ORDER BY id',
      [account],
    );
    expect(rows).toEqual([
      { amount_cents: '12345', balance_before_cents: '0', balance_after_cents: '12345' },
      { amount_cents: '-345', balance_before_cents: '12345', balance_after_cents: '12000' },
    ]);
  });

  it('refuses to take a user balance below zero, and changes nothing', async () => {
    const user = await t.createUser();
    const account = await userAccountId(t.database.db, user.id);
    const external = await externalAccountId(t.database.db);
    const before = await balance(external);
    await expect(
      t.database.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'withdrawal',
          note: 'Test withdrawal',
          entries: [
            { accountId: account, amountCents: -1n },
            { accountId: external, amountCents: 1n },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect(await balance(account)).toBe(0n);
    expect(await balance(external)).toBe(before);
  });

  it('refuses an unbalanced transaction at commit, even when written with raw SQL', async () => {
    const user = await t.createUser();
    const account = await userAccountId(t.database.db, user.id);
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `INSERT INTO ledger_transactions (kind, note) VALUES ('adjustment', 'Test adjustment') RETURNING id`,
      );
      await client.query(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 500)',
        [rows[0].id, account],
      );
      await expect(client.query('COMMIT')).rejects.toThrow(/unbalanced/);
    } finally {
      client.release();
    }
    expect(await balance(account)).toBe(0n);
    await expect(
      t.database.db.transaction((tx) =>
        postTransaction(tx, { kind: 'adjustment', note: 'Test adjustment', entries: [] }),
      ),
    ).rejects.toThrow('at least two entries');
  });

  it('checks each transaction of many entries once, and still refuses one unbalanced by a later entry or a second transaction', async () => {
    const users = await Promise.all([1, 2, 3].map(() => t.createUser()));
    const accounts = await Promise.all(users.map((u) => userAccountId(t.database.db, u.id)));
    const external = await externalAccountId(t.database.db);
    const client = await t.database.pool.connect();
    try {
      // A balanced transaction of three entries in one statement, then an entry more in another.
      await client.query('BEGIN');
      const { rows } = await client.query(
        `INSERT INTO ledger_transactions (kind, note) VALUES ('adjustment', 'Test adjustment') RETURNING id`,
      );
      await client.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
         VALUES ($1, $2, 300), ($1, $3, 200), ($1, $4, -500)`,
        [rows[0].id, accounts[0], accounts[1], external],
      );
      await client.query(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 100)',
        [rows[0].id, accounts[2]],
      );
      await expect(client.query('COMMIT')).rejects.toThrow(/unbalanced/);
      // A balanced transaction, then an unbalanced one, in one database transaction.
      await client.query('BEGIN');
      for (const amounts of [
        [300, -300],
        [100, -50],
      ]) {
        const { rows: tx } = await client.query(
          `INSERT INTO ledger_transactions (kind, note) VALUES ('adjustment', 'Test adjustment') RETURNING id`,
        );
        await client.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, $3), ($1, $4, $5)`,
          [tx[0].id, accounts[0], amounts[0], external, amounts[1]],
        );
      }
      await expect(client.query('COMMIT')).rejects.toThrow(/unbalanced/);
    } finally {
      client.release();
    }
    expect(await Promise.all(accounts.map(balance))).toEqual([0n, 0n, 0n]);
    // A big balanced one (a repayment to many investors) commits, in one statement.
    const many = await Promise.all(Array.from({ length: 50 }, () => t.createUser()));
    const ids = await Promise.all(many.map((u) => userAccountId(t.database.db, u.id)));
    await t.database.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'adjustment',
        note: 'Test adjustment',
        entries: [
          ...ids.map((accountId) => ({ accountId, amountCents: 7n })),
          { accountId: external, amountCents: -7n * BigInt(ids.length) },
        ],
      }),
    );
    expect(await balance(ids[49]!)).toBe(7n);
    expect(await findInvariantViolations(t.database.pool)).toEqual([]);
  });

  it('is append-only: entries and transactions cannot be updated or deleted', async () => {
    await expect(
      t.database.pool.query('UPDATE ledger_entries SET amount_cents = amount_cents'),
    ).rejects.toThrow(/append-only/);
    // A statement touching no row fires no row trigger; make sure there is one.
    const user = await t.createUser();
    const account = await userAccountId(t.database.db, user.id);
    const external = await externalAccountId(t.database.db);
    await t.database.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'deposit',
        note: 'Test deposit',
        entries: [
          { accountId: external, amountCents: -100n },
          { accountId: account, amountCents: 100n },
        ],
      }),
    );
    await expect(t.database.pool.query('UPDATE ledger_entries SET amount_cents = 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.pool.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(t.database.pool.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
    await expect(t.database.pool.query('TRUNCATE ledger_entries CASCADE')).rejects.toThrow(/append-only/);
  });

  it('refuses a venture funded beyond its target and a negative investment minimum', async () => {
    await expect(
      t.database.pool.query(
        `INSERT INTO ventures (title, short_description, long_description, collateral_description, country, venture_type,
           min_investment_cents, max_investment_cents, target_amount_cents, amount_funded_cents, expected_return,
           investment_period, closing_date, collateral_value_cents, loan_to_value, created_by)
         SELECT 't', 's', 'l', 'c', 'KE', 'sme', 3000, 5000, 10000, 10001, 10, 12, now(), 0, 50, id FROM users LIMIT 1`,
      ),
    ).rejects.toThrow(/ventures_funded_within_target/);
  });

  it('the invariant checker catches a balance that disagrees with its entries', async () => {
    const user = await t.createUser();
    const account = await userAccountId(t.database.db, user.id);
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE accounts SET balance_cents = 999 WHERE id = $1', [account]);
      const violations = await findInvariantViolations(client);
      expect(violations).toHaveLength(1);
      expect(violations[0]).toContain("an account's stored balance differs from the sum of its entries");
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
