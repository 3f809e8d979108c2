import type pg from 'pg';

/**
 * The ledger's invariants (docs/architecture.md, "The money model"), and the loans' (a payment credits
 * its investors exactly the amount less the service fee and the fee account the fee; a loan's
 * outstanding principal is its principal less what was repaid and written off; no instalment is paid
 * beyond what it owes; the investments received what the instalments were paid), checked with SQL. Returns one line
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
                           WHERE a.venture_id = v.id AND t.kind IN ('investment', 'refund', 'revocation')), 0) AS entries
           FROM ventures v) s
        WHERE amount_funded_cents <> entries`,
    ],
    // Every ledger row says what it was (issue 30; decision 0200): the admin's and the person's
    // balance histories show the note.
    [
      'a ledger transaction has no note',
      `SELECT id, kind FROM ledger_transactions WHERE note IS NULL OR btrim(note) = ''`,
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
    // The reflection period (EU 2020/1503 Art. 22; API contract, "Investor protection").
    [
      'a revoked investment has no revocation transaction of exactly its amount',
      `SELECT i.id FROM investments i
        WHERE (i.status = 'revoked') <> (i.revoked_at IS NOT NULL)
           OR (i.status = 'revoked' AND (
                i.revocation_transaction_id IS NULL
                OR NOT EXISTS (SELECT 1 FROM ledger_transactions t
                                WHERE t.id = i.revocation_transaction_id AND t.kind = 'revocation'
                                  AND t.venture_id = i.venture_id)
                OR (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                      JOIN accounts a ON a.id = e.account_id AND a.user_id = i.user_id
                     WHERE e.transaction_id = i.revocation_transaction_id) <> i.amount_cents))`,
    ],
    [
      'a loan started while an investment in its venture could still be revoked',
      `SELECT l.venture_id, i.id AS investment FROM loans l
         JOIN loan_events ev ON ev.venture_id = l.venture_id AND ev.kind = 'disbursed'
         JOIN ledger_transactions t ON t.id = ev.ledger_transaction_id
         JOIN investments i ON i.venture_id = l.venture_id
        WHERE i.revocable_until > t.created_at AND i.revoked_at IS NULL`,
    ],
    [
      "a venture's escrow before its loan starts differs from its investments not revoked nor refunded",
      `SELECT v.id, a.balance_cents,
              (SELECT coalesce(sum(i.amount_cents), 0) FROM investments i
                WHERE i.venture_id = v.id AND i.status IN ('invested', 'completed')) AS held
         FROM ventures v JOIN accounts a ON a.venture_id = v.id
        WHERE NOT EXISTS (SELECT 1 FROM loans l WHERE l.venture_id = v.id)
          AND a.balance_cents <> (SELECT coalesce(sum(i.amount_cents), 0) FROM investments i
                                   WHERE i.venture_id = v.id AND i.status IN ('invested', 'completed'))`,
    ],
    // Loan servicing (API contract, "Loan servicing").
    [
      "a payment's fee account entry differs from its service fee",
      `SELECT ev.id, ev.details->>'fee' AS fee, coalesce(sum(e.amount_cents), 0) AS entry
         FROM loan_events ev
         JOIN ledger_entries e ON e.transaction_id = ev.ledger_transaction_id
         JOIN accounts a ON a.id = e.account_id AND a.kind = 'platform' AND a.code = 'fees'
        WHERE ev.kind IN ('payment', 'recovery')
        GROUP BY ev.id, ev.details HAVING coalesce(sum(e.amount_cents), 0) <> (ev.details->>'fee')::bigint`,
    ],
    [
      'a payment does not credit its investors exactly the amount less the fee',
      `SELECT * FROM (
         SELECT ev.id,
                (ev.details->>'principal')::bigint + (ev.details->>'interest')::bigint
                  + (ev.details->>'lateInterest')::bigint - (ev.details->>'fee')::bigint AS expected,
                (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                   JOIN accounts a ON a.id = e.account_id AND a.kind = 'user'
                  WHERE e.transaction_id = ev.ledger_transaction_id AND a.user_id <> v.created_by) AS credited
           FROM loan_events ev JOIN ventures v ON v.id = ev.venture_id
          WHERE ev.kind IN ('payment', 'recovery') AND ev.ledger_transaction_id IS NOT NULL) s
        WHERE expected <> credited`,
    ],
    [
      // Decision 0163: the annual statement splits each investor's credit with these rows.
      "a payment's shares (principal + interest + late interest - fee) differ from an investor's ledger entry",
      `WITH tx AS (SELECT DISTINCT s.ledger_transaction_id AS id, v.created_by
                     FROM payment_shares s JOIN ventures v ON v.id = s.venture_id),
            shares AS (SELECT s.ledger_transaction_id AS id, s.user_id,
                              sum(s.principal_cents + s.interest_cents + s.late_interest_cents - s.fee_cents) AS cents
                         FROM payment_shares s GROUP BY 1, 2),
            entries AS (SELECT tx.id, a.user_id, sum(e.amount_cents) AS cents
                          FROM tx JOIN ledger_entries e ON e.transaction_id = tx.id
                          JOIN accounts a ON a.id = e.account_id AND a.kind = 'user' AND a.user_id <> tx.created_by
                         GROUP BY 1, 2)
       SELECT coalesce(s.id, e.id) AS transaction, coalesce(s.user_id, e.user_id) AS user_id,
              s.cents AS shares, e.cents AS entry
         FROM shares s FULL JOIN entries e ON e.id = s.id AND e.user_id = s.user_id
        WHERE s.cents IS DISTINCT FROM e.cents
          AND coalesce(s.user_id, e.user_id) NOT IN (SELECT created_by FROM tx WHERE tx.id = coalesce(s.id, e.id))`,
    ],
    [
      "a loan's outstanding principal is not its principal less what was repaid and written off",
      `SELECT l.venture_id, l.principal_cents, l.outstanding_principal_cents, l.written_off_cents,
              sum(i.principal_cents) AS scheduled, sum(i.paid_principal_cents) AS repaid
         FROM loans l JOIN loan_installments i ON i.venture_id = l.venture_id
        GROUP BY l.venture_id
       HAVING l.outstanding_principal_cents
                <> l.principal_cents - sum(i.paid_principal_cents) - l.written_off_cents
           OR sum(i.principal_cents) <> l.principal_cents`,
    ],
    [
      'an instalment is paid beyond what it owes',
      `SELECT venture_id, number FROM loan_installments
        WHERE paid_principal_cents > principal_cents OR paid_interest_cents > interest_cents
           OR paid_late_interest_cents > late_interest_cents
           OR paid_principal_cents < 0 OR paid_interest_cents < 0 OR paid_late_interest_cents < 0`,
    ],
    [
      "a loan's investments did not receive what its instalments were paid",
      `SELECT * FROM (
         SELECT l.venture_id,
                (SELECT coalesce(sum(paid_principal_cents), 0) FROM loan_installments i WHERE i.venture_id = l.venture_id) AS paid_p,
                (SELECT coalesce(sum(paid_interest_cents + paid_late_interest_cents), 0) FROM loan_installments i WHERE i.venture_id = l.venture_id) AS paid_i,
                (SELECT coalesce(sum(received_principal_cents), 0) FROM investments v WHERE v.venture_id = l.venture_id) AS got_p,
                (SELECT coalesce(sum(received_interest_cents + received_late_interest_cents), 0) FROM investments v WHERE v.venture_id = l.venture_id) AS got_i
           FROM loans l) s
        WHERE paid_p <> got_p OR paid_i <> got_i`,
    ],
    [
      "a loan's principal differs from its venture's amount funded",
      `SELECT l.venture_id FROM loans l JOIN ventures v ON v.id = l.venture_id
        WHERE l.principal_cents <> v.amount_funded_cents`,
    ],
  ];
  const violations: string[] = [];
  for (const [what, sql] of checks) {
    const { rows } = await pool.query(sql);
    if (rows.length > 0) violations.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return violations;
}
