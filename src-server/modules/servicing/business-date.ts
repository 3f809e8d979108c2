/**
 * GET and PUT /api/admin/business-date (API contract, "Business date"). Moving the date is for tests
 * and demos: only with BUSINESS_DATE_CONTROL=true (else 404), only forward (409
 * `business_date.backwards`), and the close of business runs for every day passed, in order,
 * before the answer.
 */
import { recordAudit, type AuditSource } from '../audit/service';
import { desc, sql } from 'drizzle-orm';
import type { BusinessDate, CobRun } from '../../../src-shared/contracts/servicing';
import { centsToEuros } from '../../../src-shared/money';
import { daysBetween } from '../../../src-shared/rules/schedule';
import type { AppContext } from '../../context';
import { cobRuns } from '../../db/schema';
import { isoDay } from '../../lib/business-clock';
import { HttpError } from '../../lib/http-error';
import { catchUp, type CobResult } from './cob';

export async function lastCob(ctx: AppContext): Promise<CobRun | null> {
  const [row] = await ctx.db.select().from(cobRuns).orderBy(desc(cobRuns.businessDate)).limit(1);
  if (!row) return null;
  const r = (row.result ?? {}) as Partial<CobResult>;
  return {
    businessDate: row.businessDate,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    loansStarted: r.loansStarted ?? 0,
    loansAged: r.loansAged ?? 0,
    lateInterest: centsToEuros(BigInt(r.lateInterestCents ?? '0')),
    defaults: r.defaults ?? 0,
    emailsQueued: r.emailsQueued ?? 0,
  };
}

export async function getBusinessDate(ctx: AppContext): Promise<BusinessDate> {
  await ctx.clock.refresh(ctx.db);
  return { date: ctx.clock.today(), controlled: ctx.clock.controlled, lastCob: await lastCob(ctx) };
}

export async function moveBusinessDate(
  ctx: AppContext,
  date: string,
  audit?: AuditSource,
): Promise<BusinessDate> {
  if (!ctx.clock.controlled) throw new HttpError(404, 'common.not_found');
  const before = await ctx.db.transaction(async (tx) => {
    await ctx.clock.refresh(tx);
    const current = ctx.clock.today();
    await tx.execute(sql`SELECT 1 FROM business_clock WHERE id = 1 FOR UPDATE`);
    if (date < current) throw new HttpError(409, 'business_date.backwards');
    const offset = daysBetween(isoDay(ctx.now()), date);
    await tx.execute(
      sql`UPDATE business_clock SET offset_days = ${offset}, updated_at = ${ctx.now()} WHERE id = 1`,
    );
    if (audit && date !== current)
      await recordAudit(tx, {
        ...audit,
        action: 'business_date.set',
        targetType: 'business_date',
        targetId: null,
        before: { date: current },
        after: { date },
      });
    ctx.clock.setOffset(offset);
    return current;
  });
  // Every day passed is closed, in order (the days before the old date too, if they were not).
  await catchUp(ctx, before);
  return getBusinessDate(ctx);
}
