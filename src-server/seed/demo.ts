import { count, eq } from 'drizzle-orm';
import type {
  AdminStatus,
  LifecycleStatus,
  RiskLevel,
  VentureType,
  Visibility,
} from '../../src-shared/constants/enums';
import { eurosToCents } from '../../src-shared/money';
import { addDays } from '../../src-shared/rules/schedule';
import type { Config } from '../config';
import { isoDay } from '../lib/business-clock';
import { hashPassword } from '../lib/passwords';
import { escrowAccountId, userAccountId } from '../modules/ledger/service';
import type { Database, Db, Tx } from '../db/client';
import {
  autoInvestMandates,
  knowledgeTestAttempts,
  lossSimulations,
  users,
  ventureKiis,
  ventures,
} from '../db/schema';
import { testValidUntil } from '../modules/protection/service';
import { encodeVariants, ventureImagesFolder, writeVariants } from '../modules/ventures/images';
import type { FileStorage } from '../lib/storage';
import demoDeposits from './fixtures/deposits.json';
import demoInvestors from './fixtures/investors.json';
import demoPeople from './fixtures/people.json';
import demoVentures from './fixtures/ventures.json';
import { demoKiis } from './kiis';
import { drawDemoImage } from './images';
import {
  fundingDay,
  runDemoTimeline,
  type LoanScenario,
  type TimelineInput,
  type TimelineResult,
} from './timeline';

export const DEMO_PASSWORD = 'demo-password-2026';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  note: string;
}

/** What the seed made: the logins to print, and the timeline's figures (loans, days closed, time). */
export interface DemoSeed {
  logins: DemoLogin[];
  timeline: TimelineResult;
}

const DAY = 24 * 60 * 60 * 1000;

type NewUser = typeof users.$inferInsert;

/** A passed knowledge test (13 of 15 right) and a loss simulation of EUR 60,000 net worth at `takenAt`. */
async function seedProtection(tx: Tx, userId: string, takenAt: Date): Promise<void> {
  await tx.insert(knowledgeTestAttempts).values({
    userId,
    language: 'en',
    answers: {},
    correct: 13,
    total: 15,
    score: 86,
    passed: true,
    topicsMissed: [],
    takenAt,
    validUntil: testValidUntil(takenAt),
  });
  await tx.insert(lossSimulations).values({
    userId,
    annualIncomeCents: 4_500_000n,
    liquidAssetsCents: 2_500_000n,
    annualCommitmentsCents: 1_000_000n,
    netWorthCents: 6_000_000n,
    capacityCents: 600_000n,
    createdAt: new Date(takenAt.getTime() + 600_000),
  });
}

/** The demo's people (fixtures/people.json): their accounts, and the note printed beside each login. */
const PEOPLE = demoPeople as (Omit<NewUser, 'passwordHash'> & { note: string })[];

/** More verified investors beside the demo investor, so that each demo loan has several
 * (fixtures/investors.json); they sign in with the demo password but are not printed. */
const INVESTORS = demoInvestors as Omit<NewUser, 'passwordHash'>[];

interface DemoVenture {
  title: string;
  shortDescription: string;
  country: string;
  ventureType: VentureType;
  riskLevel: RiskLevel;
  lifecycleStatus: LifecycleStatus;
  visibility: Visibility;
  adminStatus: AdminStatus;
  target: number;
  min: number;
  max: number;
  expectedReturn: string;
  months: number;
  /** Days from now (negative: in the past). */
  closesIn: number;
  convertible: boolean;
  tags: string[];
  images: number;
  /** Euros the demo investor has put in a venture still raising. */
  invested?: number;
  adminNotes?: string;
  /** A funded venture's loan: its terms, investors and what happens to it (seed/timeline.ts). */
  loan?: LoanScenario;
}

/** Ventures spanning every status, type, risk level and visibility, and loans in every loan status
 * (fixtures/ventures.json). */
const VENTURES = demoVentures as DemoVenture[];

/** Money paid in by bank transfer before the demo's investments (fixtures/deposits.json). */
const DEPOSITS: { email: string; euros: number; note: string; daysAgo: number }[] = demoDeposits;

const euros = (value: number) => eurosToCents(value)!;

/** How the loan is repaid, in the words of its terms (bullet unless the venture's loan says otherwise). */
function repaymentWords(v: DemoVenture): string {
  const every = v.loan?.frequency === 'quarterly' ? 'every quarter' : 'every month';
  if (v.loan?.type === 'annuity')
    return `It is repaid in equal instalments of principal and interest ${every}.`;
  if (v.loan?.type === 'equal_principal')
    return `It is repaid ${every} in equal parts of principal, with the interest on what is still owed.`;
  return `Interest is paid ${every} and the principal at the end of the term.`;
}

function longDescription(v: DemoVenture): string {
  return (
    `${v.shortDescription}\n\nThe company has traded for several years and is raising ${v.target.toLocaleString('en')} euro ` +
    `over ${v.months} months at ${v.expectedReturn}% a year. ${repaymentWords(v)} ` +
    'The loan is secured by the collateral described below; returns are not guaranteed.'
  );
}

/** The seed of venture number `index`'s picture number `k` (the same pictures on every run). */
const pictureSeed = (index: number, k: number) => index * 10 + k + 1;

/** The demo pictures with their WebP copies, each drawn once per process (sharp works on its own
 * threads). */
const demoPictures = new Map<number, Promise<{ jpeg: Buffer; variants: Buffer[] }>>();
function demoPicture(seed: number): Promise<{ jpeg: Buffer; variants: Buffer[] }> {
  let picture = demoPictures.get(seed);
  if (!picture) {
    picture = drawDemoImage(seed).then(async (jpeg) => ({ jpeg, variants: await encodeVariants(jpeg) }));
    demoPictures.set(seed, picture);
  }
  return picture;
}

/**
 * Starts drawing every demo picture now: a first start calls it while PostgreSQL creates its
 * cluster, so that the seed finds them drawn. A failure shows when the seed writes the picture.
 */
export function predrawDemoPictures(): void {
  for (const [i, v] of VENTURES.entries()) {
    for (let k = 0; k < v.images; k++) demoPicture(pictureSeed(i, k)).catch(() => undefined);
  }
}

/** True when the database has no users yet (the demo data goes only into an empty database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with the demo: seven people (and five more investors), ventures spanning
 * every status, type, risk level and visibility, 16:9 JPEG images, and the money behind them made
 * by the platform's own code over back-dated business dates (seed/timeline.ts): deposits,
 * investments, loans in every status with their instalments, a default, a recovery and a
 * write-off, and a close of business for every day since the first loan started.
 */
export async function seedDemo(
  database: Pick<Database, 'db' | 'pool'>,
  options: { storage: FileStorage; config: Config; now?: Date },
): Promise<DemoSeed> {
  const now = options.now ?? new Date();
  const today = isoDay(now);
  const dayOf = (daysAgo: number) => addDays(today, -daysAgo);
  predrawDemoPictures();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const pictures: { ventureId: string; files: { name: string; seed: number }[] }[] = [];
  const timeline: TimelineInput = { adminId: '', deposits: [], investments: [], loans: [] };

  await database.db.transaction(async (tx: Tx) => {
    const ids = new Map<string, string>();
    const people = [...PEOPLE.map(({ note: _note, ...values }) => values), ...INVESTORS];
    for (const [i, values] of people.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          passwordHash,
          emailVerifiedAt: now,
          createdAt: new Date(now.getTime() - (i < PEOPLE.length ? 500 - i : 320 - i) * DAY),
        })
        .returning({ id: users.id });
      ids.set(values.email, row!.id);
      await userAccountId(tx, row!.id);
    }
    // Investor protection (EU 2020/1503 Art. 21; decision 0100): the demo investor and investor2
    // passed the knowledge test and simulated a net worth of EUR 60,000 (warning threshold EUR 3,000)
    // the day after they joined; investor3 has done nothing yet. The five other investors fund the
    // demo's loans last and are sophisticated (Annex II): no reflection period holds their loans back.
    for (const email of ['investor@afrivest.test', 'investor2@afrivest.test']) {
      const index = people.findIndex((p) => p.email === email);
      const takenAt = new Date(now.getTime() - (500 - index) * DAY + DAY);
      await seedProtection(tx, ids.get(email)!, takenAt);
    }
    // Auto-invest (EU 2020/1503 Art. 6; issue 28): investor2 has an active mandate, so a newcomer sees
    // the screen filled in (it invests once their identity is verified and a matching venture opens).
    await tx.insert(autoInvestMandates).values({
      userId: ids.get('investor2@afrivest.test')!,
      active: true,
      budgetCents: 150_000n,
      maxPerVentureCents: 15_000n,
      minReturn: '8.00',
      maxReturn: '16.00',
      riskLevels: ['low', 'medium'],
      waitingSince: now,
      createdAt: now,
      updatedAt: now,
    });
    for (const values of INVESTORS)
      await tx
        .update(users)
        .set({ investorCategory: 'sophisticated' })
        .where(eq(users.id, ids.get(values.email)!));
    timeline.adminId = ids.get('admin@afrivest.test')!;
    const investorId = ids.get('investor@afrivest.test')!;
    const corporateEmails = ['corporate@afrivest.test', 'corporate2@afrivest.test'];
    const corporates = corporateEmails.map((email) => ids.get(email)!);

    for (const d of DEPOSITS)
      timeline.deposits.push({
        userId: ids.get(d.email)!,
        euros: d.euros,
        note: d.note,
        day: dayOf(d.daysAgo),
      });

    for (const [i, v] of VENTURES.entries()) {
      // A loan's venture is raising until the day its last investor funds it (seed/timeline.ts).
      const funded = v.loan ? fundingDay(v.loan, today) : null;
      const createdAt = funded
        ? new Date(`${addDays(funded, -12)}T09:00:00.000Z`)
        : new Date(now.getTime() - (VENTURES.length - i) * 3 * DAY - (v.closesIn < 0 ? 400 * DAY : 0));
      const approved = v.adminStatus === 'approved';
      const goesLiveAt = approved
        ? v.lifecycleStatus === 'coming-soon'
          ? new Date(now.getTime() + 14 * DAY)
          : new Date(createdAt.getTime() + DAY)
        : null;
      const [row] = await tx
        .insert(ventures)
        .values({
          title: v.title,
          shortDescription: v.shortDescription,
          longDescription: longDescription(v),
          collateralDescription: `First-ranking charge over the equipment and receivables of the borrower, valued at ${(v.target * 1.4).toLocaleString('en')} euro by an independent surveyor.`,
          country: v.country,
          ventureType: v.ventureType,
          riskLevel: v.riskLevel,
          minInvestmentCents: euros(v.min),
          maxInvestmentCents: euros(v.max),
          targetAmountCents: euros(v.target),
          expectedReturn: v.expectedReturn,
          investmentPeriod: v.months,
          ...(v.loan && {
            repaymentType: v.loan.type,
            repaymentFrequency: v.loan.frequency,
            gracePeriods: v.loan.grace,
          }),
          closingDate: funded
            ? new Date(`${addDays(funded, 20)}T18:00:00.000Z`)
            : new Date(now.getTime() + v.closesIn * DAY),
          collateralValueCents: euros(Math.round(v.target * 1.4)),
          loanToValue: (100 / 1.4).toFixed(2),
          isConvertible: v.convertible,
          tags: v.tags,
          // A loan's venture is funded (and repaid) by the timeline's investments and payments.
          lifecycleStatus: v.loan ? 'new' : v.lifecycleStatus,
          visibility: v.visibility,
          adminStatus: v.adminStatus,
          adminNotes: v.adminNotes ?? (approved ? 'Documents checked; collateral valuation verified.' : null),
          adminReviewedAt: v.adminStatus === 'pending' ? null : new Date(createdAt.getTime() + DAY),
          adminReviewedBy: v.adminStatus === 'pending' ? null : timeline.adminId,
          dateIssued: approved ? new Date(createdAt.getTime() + DAY) : null,
          goesLiveAt,
          createdBy: corporates[i % 2]!,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: ventures.id });
      const ventureId = row!.id;
      await escrowAccountId(tx, ventureId);

      // Its key investment information sheet: complete, and published when the venture was approved.
      const ownerEmail = corporateEmails[i % 2]!;
      const fields = demoKiis(
        v,
        { email: ownerEmail, name: PEOPLE.find((p) => p.email === ownerEmail)!.companyName! },
        i,
        createdAt.getUTCFullYear(),
      );
      await tx.insert(ventureKiis).values({
        ventureId,
        fields,
        updatedAt: createdAt,
        updatedBy: corporates[i % 2]!,
        ...(approved && { publishedFields: fields, publishedAt: new Date(createdAt.getTime() + DAY) }),
      });

      if (v.images > 0) {
        const files = Array.from({ length: v.images }, (_, k) => ({
          name: `demo-${k + 1}.jpg`,
          seed: pictureSeed(i, k),
        }));
        pictures.push({ ventureId, files });
        await tx
          .update(ventures)
          .set({ images: files.map((f) => `/uploads/ventures/${ventureId}/${f.name}`) })
          .where(eq(ventures.id, ventureId));
      }

      if (v.loan)
        timeline.loans.push({ ventureId, companyId: corporates[i % 2]!, title: v.title, scenario: v.loan });
      else if (v.invested)
        timeline.investments.push({
          userId: investorId,
          ventureId,
          euros: v.invested,
          day: isoDay(new Date(createdAt.getTime() + 2 * DAY)),
        });
    }
  });

  const ran = await runDemoTimeline(database, options.config, timeline, today);

  await Promise.all(
    pictures.map(async ({ ventureId, files }) => {
      const folder = ventureImagesFolder(ventureId);
      await Promise.all(
        files.map(async (file) => {
          const { jpeg, variants } = await demoPicture(file.seed);
          await options.storage.put(`${folder}/${file.name}`, jpeg, { contentType: 'image/jpeg' });
          await writeVariants(options.storage, folder, file.name, jpeg, variants);
        }),
      );
    }),
  );

  const logins = PEOPLE.map((p) => ({
    role: p.role ?? 'user',
    email: p.email,
    password: DEMO_PASSWORD,
    note: p.note,
  }));
  return { logins, timeline: ran };
}
