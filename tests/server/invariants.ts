import type pg from 'pg';

/**
 * The ledger's invariants (ARCHITECTURE.md, "The money model"), checked with SQL. Returns one line
 * per violation; an empty list means the books are right.
 */
export async function findInvariantViolations(pool: pg.Pool | pg.PoolClient): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'the sum of all entries is not zero',
      `SELECT sum(amount_cents) AS total FROM ledger_entries HAVING sum(amount_cents) <> 0`,
    ],
    [
      'a transaction does not sum to zero or has fewer than two entries',
      `SELECT t.id, count(e.id) AS entries, coalesce(sum(e.amount_cents), 0) AS total
         FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount_cents), 0) <> 0`,
    ],
    [
      'a user or escrow balance is negative',
      `SELECT id, kind, balance_cents FROM accounts WHERE kind <> 'platform' AND balance_cents < 0`,
    ],
    [
      'a venture is funded beyond its target',
      `SELECT id, amount_funded_cents, target_amount_cents FROM ventures WHERE amount_funded_cents > target_amount_cents`,
    ],
    [
      "an account's stored balance differs from the sum of its entries",
      `SELECT a.id, a.balance_cents, coalesce(sum(e.amount_cents), 0) AS entries
         FROM accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id HAVING a.balance_cents <> coalesce(sum(e.amount_cents), 0)`,
    ],
    [
      "an entry's balance before is not the previous entry's balance after",
      `SELECT id, account_id FROM (
         SELECT id, account_id, balance_before_cents,
                lag(balance_after_cents, 1, 0::bigint) OVER (PARTITION BY account_id ORDER BY id) AS previous
           FROM ledger_entries) s
        WHERE balance_before_cents <> previous`,
    ],
    [
      "a venture's amountFunded differs from its escrow's investments less refunds",
      `SELECT * FROM (
         SELECT v.id, v.amount_funded_cents,
                coalesce((SELECT sum(e.amount_cents)
                            FROM accounts a
                            JOIN ledger_entries e ON e.account_id = a.id
                            JOIN ledger_transactions t ON t.id = e.transaction_id
                           WHERE a.venture_id = v.id AND t.kind IN ('investment', 'refund')), 0) AS entries
           FROM ventures v) s
        WHERE amount_funded_cents <> entries`,
    ],
    [
      'an idempotency key moved money more than once',
      `SELECT idempotency_key, count(*) FROM ledger_transactions
        WHERE idempotency_key IS NOT NULL GROUP BY idempotency_key HAVING count(*) > 1`,
    ],
    [
      "an investment's amount differs from the money its ledger transaction moved",
      `SELECT i.id FROM investments i
         JOIN ledger_entries e ON e.transaction_id = i.ledger_transaction_id AND e.amount_cents > 0
        GROUP BY i.id, i.amount_cents HAVING sum(e.amount_cents) <> i.amount_cents`,
    ],
  ];
  const violations: string[] = [];
  for (const [what, sql] of checks) {
    const { rows } = await pool.query(sql);
    if (rows.length > 0) violations.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return violations;
}
