/**
 * Loan servicing's data migration (issue 24): ventures funded before servicing existed get a loan
 * with a bullet schedule from their funding date (the day their escrow was paid out), so every
 * funded venture is serviced. What was already repaid through the old lump-sum repayments is
 * allocated to the schedule (oldest instalment first) without moving money again; a venture already
 * `repaid` gets a settled schedule. Runs after the migrations, under their advisory lock; a venture
 * that has its loan is skipped, so a second run changes nothing.
 */
import type pg from 'pg';
import { allocatePayment, buildSchedule, owedCents } from '../../src-shared/rules/schedule';

interface Waiting {
  id: string;
  lifecycle_status: 'funded' | 'repaid';
  principal: string;
  expected_return: string;
  investment_period: number;
  funded_on: string;
  repaid_on: string;
  repaid: string;
}

export async function backfillLoans(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<Waiting>(`
    SELECT v.id, v.lifecycle_status, v.amount_funded_cents::text AS principal, v.expected_return::text,
           v.investment_period,
           to_char(coalesce((SELECT min(t.created_at) FROM ledger_transactions t
                              WHERE t.venture_id = v.id AND t.kind = 'disbursement'), v.updated_at)
                   AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS funded_on,
           to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS repaid_on,
           (SELECT coalesce(sum(i.repaid_cents), 0) FROM investments i WHERE i.venture_id = v.id)::text AS repaid
      FROM ventures v LEFT JOIN loans l ON l.venture_id = v.id
     WHERE l.venture_id IS NULL AND v.lifecycle_status IN ('funded', 'repaid')
       AND v.cancelled_at IS NULL AND v.amount_funded_cents > 0
     ORDER BY v.id`);
  if (rows.length === 0) return 0;
  await client.query('BEGIN');
  try {
    for (const v of rows) {
      const principal = BigInt(v.principal);
      const schedule = buildSchedule({
        principalCents: principal,
        rateHundredths: BigInt(Math.round(Number(v.expected_return) * 100)),
        months: v.investment_period,
        type: 'bullet',
        frequency: 'monthly',
        gracePeriods: 0,
        disbursedOn: v.funded_on,
      });
      const balances = schedule.map((i) => ({
        number: i.number,
        principalCents: i.principalCents,
        interestCents: i.interestCents,
        lateInterestCents: 0n,
        paidPrincipalCents: 0n,
        paidInterestCents: 0n,
        paidLateInterestCents: 0n,
      }));
      const repaidLoan = v.lifecycle_status === 'repaid';
      const already = repaidLoan ? owedCents(balances) : BigInt(v.repaid);
      const paid =
        already > 0n
          ? (allocatePayment(balances, already < owedCents(balances) ? already : owedCents(balances)) ?? [])
          : [];
      let principalPaid = 0n;
      for (const a of paid) {
        const b = balances.find((x) => x.number === a.number)!;
        b.paidInterestCents += a.interestCents;
        b.paidPrincipalCents += a.principalCents;
        principalPaid += a.principalCents;
      }
      await client.query(
        `INSERT INTO loans (venture_id, status, disbursed_on, principal_cents, outstanding_principal_cents,
                            late_interest_rate, repaid_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          v.id,
          repaidLoan ? 'repaid' : 'current',
          v.funded_on,
          principal,
          principal - principalPaid,
          v.expected_return,
          repaidLoan ? v.repaid_on : null,
        ],
      );
      for (const b of balances) {
        const settled = b.paidPrincipalCents === b.principalCents && b.paidInterestCents === b.interestCents;
        await client.query(
          `INSERT INTO loan_installments (venture_id, number, due_date, principal_cents, interest_cents,
                                          paid_principal_cents, paid_interest_cents, status, paid_on)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            v.id,
            b.number,
            schedule[b.number - 1]!.dueDate,
            b.principalCents,
            b.interestCents,
            b.paidPrincipalCents,
            b.paidInterestCents,
            settled ? 'paid' : 'scheduled',
            settled ? (repaidLoan ? v.repaid_on : v.funded_on) : null,
          ],
        );
      }
      await client.query(
        `INSERT INTO loan_events (venture_id, kind, status, business_date, amount_cents, note)
         VALUES ($1, 'disbursed', 'current', $2, $3, 'Schedule set by the loan servicing migration (bullet, from the funding date)')`,
        [v.id, v.funded_on, principal],
      );
      if (repaidLoan)
        await client.query(
          `INSERT INTO loan_events (venture_id, kind, status, business_date, note)
           VALUES ($1, 'status', 'repaid', $2, 'Repaid before loan servicing')`,
          [v.id, v.repaid_on],
        );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return rows.length;
}
