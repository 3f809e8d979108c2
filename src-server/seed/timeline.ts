/**
 * The demo's money, made by the platform's own code over back-dated business dates (issue 24): the
 * deposits (the admin's balance adjustment), the investments (`invest`, which starts a loan when its
 * venture is funded), the companies' instalments (`repayByCompany`), a declared default, a recovery
 * and a write-off (servicing/actions.ts), with the close of business run for every day from the
 * first loan's start to yesterday. The seed's own business clock starts in the past (a negative
 * offset) and steps forward one day at a time, so every ledger row, loan event and close of
 * business is dated as if the platform had run for months. E-mails are not queued: the demo's
 * people would otherwise find months of notices dated in the past.
 */
import { asc, eq } from 'drizzle-orm';
import { centsToEuros } from '../../src-shared/money';
import { addDays, addMonthsClamped, daysBetween } from '../../src-shared/rules/schedule';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { accounts, loanInstallments, loans, users } from '../db/schema';
import { createBusinessClock, isoDay } from '../lib/business-clock';
import type { SessionContext } from '../lib/sessions';
import { adjustBalance } from '../modules/balances/service';
import { invest } from '../modules/investments/service';
import type { Mailer } from '../modules/mailer/service';
import { closeBusinessDay } from '../modules/servicing/cob';
import { declareDefault, recordRecovery, repayByCompany, writeOff } from '../modules/servicing/actions';

/** What a demo loan does after it starts (fixtures/ventures.json, `loan`). */
export interface LoanScenario {
  type: 'bullet' | 'annuity' | 'equal_principal';
  frequency: 'monthly' | 'quarterly';
  grace: number;
  /** [email, euros] in the order they invest; the last one funds the venture. */
  investors: [string, number][];
  /** Days before today the venture is funded (when `overdueDays` is not given). */
  fundedDaysAgo?: number;
  /** Instalments the company pays (all that fall due when absent). */
  paid?: number;
  /** Days after each due date the company pays (0: on the due date). */
  payLate?: number;
  /** The first unpaid instalment (`paid + 1`) fell due this many days ago: sets the funding day. */
  overdueDays?: number;
  declareDefaultDaysAgo?: number;
  recovery?: { daysAgo: number; euros: number; costs: number };
  writeOffDaysAgo?: number;
}

/** The business date the loan of `scenario` is funded on, `today` being the real date. */
export function fundingDay(scenario: LoanScenario, today: string): string {
  if (scenario.overdueDays === undefined) return addDays(today, -(scenario.fundedDaysAgo ?? 0));
  const perPeriod = scenario.frequency === 'quarterly' ? 3 : 1;
  return addMonthsClamped(addDays(today, -scenario.overdueDays), -((scenario.paid ?? 0) + 1) * perPeriod);
}

export interface TimelineInput {
  adminId: string;
  deposits: { userId: string; euros: number; note: string; day: string }[];
  investments: { userId: string; ventureId: string; euros: number; day: string }[];
  loans: { ventureId: string; companyId: string; title: string; scenario: LoanScenario }[];
}

export interface TimelineResult {
  loans: number;
  daysClosed: number;
  /** Of `ms`, the time in the close of business. */
  cobMs: number;
  ms: number;
}

type Step = () => Promise<void>;

/** No e-mails from the demo's past (see the header). */
const silentMailer = { enqueue: async () => undefined } as unknown as Mailer;

async function sessionOf(database: Pick<Database, 'db'>, userId: string): Promise<SessionContext> {
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  return { sessionId: 'demo-seed', user: user! };
}

/**
 * Runs the demo's money from its first dated step to today (`today`, the real date). Ends with the
 * business date at today and every day from the first loan's start to yesterday closed.
 */
export async function runDemoTimeline(
  database: Pick<Database, 'db' | 'pool'>,
  config: Config,
  input: TimelineInput,
  today = isoDay(new Date()),
): Promise<TimelineResult> {
  const started = performance.now();
  const clock = createBusinessClock(() => new Date(), false);
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    mailer: silentMailer,
    // The seed's "real" clock is the business clock too: investments and deposits are dated in the past.
    now: () => clock.now(),
    clock,
  };
  const admin = await sessionOf(database, input.adminId);
  const sessions = new Map<string, SessionContext>();
  const as = async (userId: string) => {
    let session = sessions.get(userId);
    if (!session) sessions.set(userId, (session = await sessionOf(database, userId)));
    return session;
  };

  const steps = new Map<string, Step[]>();
  const at = (day: string, step: Step) => {
    if (day > today) return;
    const list = steps.get(day);
    if (list) list.push(step);
    else steps.set(day, [step]);
  };

  const deposit = async (userId: string, cents: bigint, note: string) => {
    await adjustBalance(ctx, admin, userId, { amountCents: cents, note, proof: null }, undefined);
  };
  const balanceOf = async (userId: string) => {
    const [row] = await ctx.db
      .select({ cents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    return row?.cents ?? 0n;
  };

  for (const d of input.deposits)
    at(d.day, () => deposit(d.userId, BigInt(Math.round(d.euros * 100)), d.note));
  for (const i of input.investments)
    at(i.day, async () => {
      // The demo investors confirmed the risk warning above their threshold (Art. 21(7)).
      await invest(
        ctx,
        await as(i.userId),
        { ventureId: i.ventureId, amount: i.euros, acknowledgeRisk: true },
        undefined,
      );
    });

  let firstLoanDay = today;
  for (const loan of input.loans) {
    const s = loan.scenario;
    const funded = fundingDay(s, today);
    if (funded < firstLoanDay) firstLoanDay = funded;
    // Each investor on a day of their own, the last one (who funds the venture) on the funding day.
    // The others invest at least 5 days before it, so their 96-hour reflection periods (EU 2020/1503
    // Art. 22) are over when the venture is funded and its loan starts that day; the last investor of
    // each demo loan is sophisticated (no period; decision 0100).
    const last = s.investors.length - 1;
    s.investors.forEach(([email, euros], k) => {
      at(addDays(funded, k === last ? 0 : k - last - 4), async () => {
        const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        await invest(
          ctx,
          await as(user!.id),
          { ventureId: loan.ventureId, amount: euros, acknowledgeRisk: true },
          undefined,
        );
      });
    });
    // Once funded: the company takes the money to its bank, then pays its instalments as planned.
    at(funded, async () => {
      const [row] = await ctx.db
        .select({ principal: loans.principalCents })
        .from(loans)
        .where(eq(loans.ventureId, loan.ventureId));
      if (!row) throw new Error(`the demo loan of ${loan.title} did not start on ${funded}`);
      await deposit(loan.companyId, -row.principal, `Transfer to the company's bank account (${loan.title})`);
      const schedule = await ctx.db
        .select({ number: loanInstallments.number, dueDate: loanInstallments.dueDate })
        .from(loanInstallments)
        .where(eq(loanInstallments.ventureId, loan.ventureId))
        .orderBy(asc(loanInstallments.number));
      for (const instalment of schedule.slice(0, s.paid ?? schedule.length))
        at(addDays(instalment.dueDate, s.payLate ?? 0), () => pay(loan, instalment.number));
    });
    if (s.declareDefaultDaysAgo !== undefined)
      at(addDays(today, -s.declareDefaultDaysAgo), async () => {
        await declareDefault(ctx, admin, loan.ventureId, 'The company has stopped trading: unlikely to pay.');
      });
    if (s.recovery) {
      const r = s.recovery;
      at(addDays(today, -r.daysAgo), async () => {
        await recordRecovery(ctx, admin, loan.ventureId, {
          amount: r.euros,
          costs: r.costs,
          note: 'Collateral sold at auction',
        });
      });
    }
    if (s.writeOffDaysAgo !== undefined)
      at(addDays(today, -s.writeOffDaysAgo), async () => {
        await writeOff(ctx, admin, loan.ventureId, 'Nothing more can be recovered.');
      });
  }

  /** The company pays everything owed up to instalment `number` (late interest included). */
  async function pay(loan: TimelineInput['loans'][number], number: number) {
    const rows = await ctx.db
      .select()
      .from(loanInstallments)
      .where(eq(loanInstallments.ventureId, loan.ventureId))
      .orderBy(asc(loanInstallments.number));
    let owed = 0n;
    for (const i of rows.filter((r) => r.number <= number && r.status !== 'written_off'))
      owed +=
        i.principalCents +
        i.interestCents +
        i.lateInterestCents -
        i.paidPrincipalCents -
        i.paidInterestCents -
        i.paidLateInterestCents;
    if (owed <= 0n) return;
    const balance = await balanceOf(loan.companyId);
    if (balance < owed)
      await deposit(
        loan.companyId,
        owed - balance,
        `Bank transfer for instalment ${number} of ${loan.title}`,
      );
    await repayByCompany(
      ctx,
      await as(loan.companyId),
      loan.ventureId,
      { amount: centsToEuros(owed) },
      undefined,
    );
  }

  let day = [...steps.keys()].sort()[0] ?? today;
  let closed = 0;
  let cobMs = 0;
  while (day <= today) {
    clock.setOffset(daysBetween(isoDay(new Date()), day));
    for (const step of steps.get(day) ?? []) await step();
    if (day < firstLoanDay) {
      // Before the first loan: straight to the next day with something to do.
      const next = [...steps.keys()].filter((d) => d > day).sort()[0];
      day = next !== undefined && next < firstLoanDay ? next : firstLoanDay;
      continue;
    }
    if (day < today) {
      const cob = performance.now();
      if (await closeBusinessDay(ctx, day)) closed += 1;
      cobMs += performance.now() - cob;
    }
    day = addDays(day, 1);
  }
  clock.setOffset(0);
  return {
    loans: input.loans.length,
    daysClosed: closed,
    cobMs: Math.round(cobMs),
    ms: Math.round(performance.now() - started),
  };
}
