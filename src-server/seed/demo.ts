import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type {
  AdminStatus,
  LifecycleStatus,
  RiskLevel,
  VentureType,
  Visibility,
} from '../../src-shared/constants/enums';
import { eurosToCents, expectedReturnCents } from '../../src-shared/money';
import { hashPassword } from '../lib/passwords';
import {
  escrowAccountId,
  externalAccountId,
  postTransaction,
  userAccountId,
} from '../modules/ledger/service';
import type { Db, Tx } from '../db/client';
import { investments, users, ventures } from '../db/schema';
import { encodeVariants, writeVariants } from '../modules/ventures/images';
import demoDeposits from './fixtures/deposits.json';
import demoPeople from './fixtures/people.json';
import demoVentures from './fixtures/ventures.json';
import { drawDemoImage } from './images';

export const DEMO_PASSWORD = 'demo-password-2026';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  note: string;
}

const DAY = 24 * 60 * 60 * 1000;

type NewUser = typeof users.$inferInsert;

/** The demo's people (fixtures/people.json): their accounts, and the note printed beside each login. */
const PEOPLE = demoPeople as (Omit<NewUser, 'passwordHash'> & { note: string })[];

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
  /** Euros the demo investor has put in (the whole target for funded and repaid ventures). */
  invested?: number;
  adminNotes?: string;
}

/** Fourteen ventures spanning every status, type, risk level and visibility (fixtures/ventures.json). */
const VENTURES = demoVentures as DemoVenture[];

/** Money paid in by bank transfer before the demo's investments (fixtures/deposits.json). */
const DEPOSITS: { email: string; euros: number; note: string; daysAgo: number }[] = demoDeposits;

const euros = (value: number) => eurosToCents(value)!;

function longDescription(v: DemoVenture): string {
  return (
    `${v.shortDescription}\n\nThe company has traded for several years and is raising ${v.target.toLocaleString('en')} euro ` +
    `over ${v.months} months at ${v.expectedReturn}% a year. Interest is paid at the end of the term together with the ` +
    'principal. The loan is secured by the collateral described below; returns are not guaranteed.'
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
 * Fills an empty database with the demo: seven people, fourteen ventures spanning every status,
 * type, risk level and visibility, 16:9 JPEG images, and the money behind them as ledger
 * transactions (deposits, investments, disbursements and a repayment).
 */
export async function seedDemo(db: Db, options: { uploadsDir: string; now?: Date }): Promise<DemoLogin[]> {
  const now = options.now ?? new Date();
  predrawDemoPictures();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const pictures: { ventureId: string; files: { name: string; seed: number }[] }[] = [];

  await db.transaction(async (tx: Tx) => {
    const ids = new Map<string, string>();
    for (const [i, person] of PEOPLE.entries()) {
      const { note: _note, ...values } = person;
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          passwordHash,
          emailVerifiedAt: now,
          createdAt: new Date(now.getTime() - (90 - i) * DAY),
        })
        .returning({ id: users.id });
      ids.set(person.email, row!.id);
      await userAccountId(tx, row!.id);
    }
    const adminId = ids.get('admin@afrivest.test')!;
    const investorId = ids.get('investor@afrivest.test')!;
    const corporates = [ids.get('corporate@afrivest.test')!, ids.get('corporate2@afrivest.test')!];
    const external = await externalAccountId(tx);
    const investorAccount = await userAccountId(tx, investorId);

    // The money is posted in date order at the end, so that every account's entries chain in time
    // (each entry's balance before is the previous entry's balance after, newest first in a list).
    const steps: { at: Date; post: () => Promise<void> }[] = [];
    const later = (at: Date, post: () => Promise<void>) => steps.push({ at, post });

    const deposit = (accountId: string, amount: number, note: string, at: Date) =>
      later(at, async () => {
        await postTransaction(tx, {
          kind: 'deposit',
          createdBy: adminId,
          note,
          entries: [
            { accountId: external, amountCents: -euros(amount) },
            { accountId, amountCents: euros(amount) },
          ],
          at,
        });
      });
    for (const d of DEPOSITS) {
      deposit(
        await userAccountId(tx, ids.get(d.email)!),
        d.euros,
        d.note,
        new Date(now.getTime() - d.daysAgo * DAY),
      );
    }

    for (const [i, v] of VENTURES.entries()) {
      const createdAt = new Date(
        now.getTime() - (VENTURES.length - i) * 3 * DAY - (v.closesIn < 0 ? 400 * DAY : 0),
      );
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
          closingDate: new Date(now.getTime() + v.closesIn * DAY),
          collateralValueCents: euros(Math.round(v.target * 1.4)),
          loanToValue: (100 / 1.4).toFixed(2),
          isConvertible: v.convertible,
          tags: v.tags,
          lifecycleStatus: v.lifecycleStatus,
          visibility: v.visibility,
          adminStatus: v.adminStatus,
          adminNotes: v.adminNotes ?? (approved ? 'Documents checked; collateral valuation verified.' : null),
          adminReviewedAt: v.adminStatus === 'pending' ? null : new Date(createdAt.getTime() + DAY),
          adminReviewedBy: v.adminStatus === 'pending' ? null : adminId,
          dateIssued: approved ? new Date(createdAt.getTime() + DAY) : null,
          goesLiveAt,
          createdBy: corporates[i % 2]!,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: ventures.id });
      const ventureId = row!.id;
      const escrow = await escrowAccountId(tx, ventureId);

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

      if (v.invested) {
        const amount = euros(v.invested);
        const at = new Date(createdAt.getTime() + 2 * DAY);
        const status =
          v.lifecycleStatus === 'repaid'
            ? 'repaid'
            : v.lifecycleStatus === 'funded'
              ? 'completed'
              : 'invested';
        const interest = expectedReturnCents(amount, v.expectedReturn, v.months);
        let investmentId = '';
        later(at, async () => {
          const txId = await postTransaction(tx, {
            kind: 'investment',
            createdBy: investorId,
            ventureId,
            note: `Investment in ${v.title}`,
            entries: [
              { accountId: investorAccount, amountCents: -amount },
              { accountId: escrow, amountCents: amount },
            ],
            at,
          });
          const [inv] = await tx
            .insert(investments)
            .values({
              ventureId,
              userId: investorId,
              amountCents: amount,
              totalExpectedReturnCents: interest,
              status,
              ledgerTransactionId: txId,
              investmentDate: at,
            })
            .returning({ id: investments.id });
          investmentId = inv!.id;
          await tx.update(ventures).set({ amountFundedCents: amount }).where(eq(ventures.id, ventureId));
        });

        if (v.lifecycleStatus === 'funded' || v.lifecycleStatus === 'repaid') {
          const paidOut = new Date(at.getTime() + DAY);
          later(paidOut, async () => {
            await postTransaction(tx, {
              kind: 'disbursement',
              createdBy: adminId,
              ventureId,
              note: `Funds of ${v.title} paid out to the company`,
              entries: [
                { accountId: escrow, amountCents: -amount },
                { accountId: external, amountCents: amount },
              ],
              at: paidOut,
            });
          });
        }
        if (v.lifecycleStatus === 'repaid') {
          const repaid = amount + interest;
          const repaidAt = new Date(now.getTime() - 20 * DAY);
          later(repaidAt, async () => {
            await postTransaction(tx, {
              kind: 'repayment',
              createdBy: adminId,
              ventureId,
              note: `Final repayment of ${v.title}`,
              entries: [
                { accountId: external, amountCents: -repaid },
                { accountId: investorAccount, amountCents: repaid },
              ],
              at: repaidAt,
            });
            await tx
              .update(investments)
              .set({ repaidCents: repaid, profitPaidCents: interest })
              .where(eq(investments.id, investmentId));
          });
        }
      }
    }

    steps.sort((x, y) => x.at.getTime() - y.at.getTime());
    for (const step of steps) await step.post();
  });

  await Promise.all(
    pictures.map(async ({ ventureId, files }) => {
      const dir = join(options.uploadsDir, 'ventures', ventureId);
      await mkdir(dir, { recursive: true });
      await Promise.all(
        files.map(async (file) => {
          const { jpeg, variants } = await demoPicture(file.seed);
          await writeFile(join(dir, file.name), jpeg);
          await writeVariants(dir, file.name, jpeg, variants);
        }),
      );
    }),
  );

  return PEOPLE.map((p) => ({
    role: p.role ?? 'user',
    email: p.email,
    password: DEMO_PASSWORD,
    note: p.note,
  }));
}
