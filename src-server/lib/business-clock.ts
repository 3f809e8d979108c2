/**
 * The business date (API contract, "Business date"; Apache Fineract's term): the one clock every
 * date rule reads (closing dates, due dates, late days, reflection periods). It is today (UTC)
 * shifted by the days it was moved forward, which only a superadmin may do, and only when the
 * server runs with BUSINESS_DATE_CONTROL=true. Rules that need a time of day use `now()`: the real
 * time shifted by the same days. Security clocks (sessions, codes, rate limits, idempotency keys)
 * stay on the real clock (`AppContext.now`).
 *
 * The shift lives in PostgreSQL (`business_clock`), so every instance agrees: an instance re-reads
 * it before each request while control is on (`refresh`), and never otherwise (it is then 0).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

const DAY_MS = 86_400_000;

export interface BusinessClock {
  readonly controlled: boolean;
  /** The business date, 'YYYY-MM-DD'. */
  today(): string;
  /** The business time: the real time shifted by the days the business date was moved. */
  now(): Date;
  /** The days the business date is ahead of the real date. */
  offsetDays(): number;
  /** Reads the shift from the database (another instance may have moved it). */
  refresh(db: DbOrTx): Promise<void>;
  /** Records a new shift (the caller holds the business clock's row lock). */
  setOffset(days: number): void;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function createBusinessClock(realNow: () => Date, controlled: boolean): BusinessClock {
  let offset = 0;
  const now = () => new Date(realNow().getTime() + offset * DAY_MS);
  return {
    controlled,
    now,
    today: () => isoDay(now()),
    offsetDays: () => offset,
    async refresh(db) {
      if (!controlled) return;
      const { rows } = await db.execute<{ offset_days: number }>(
        sql`SELECT offset_days FROM business_clock WHERE id = 1`,
      );
      offset = rows[0]?.offset_days ?? 0;
    },
    setOffset(days) {
      offset = days;
    },
  };
}
