import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type {
  AdminStatus,
  LifecycleStatus,
  RiskLevel,
  VentureType,
  Visibility,
} from '../../../src-shared/constants/enums';
import { eurosToCents, expectedReturnCents } from '../../../src-shared/money';
import { hashPassword } from '../../lib/passwords';
import {
  escrowAccountId,
  externalAccountId,
  postTransaction,
  userAccountId,
} from '../../modules/ledger/service';
import type { Db, Tx } from '../client';
import { investments, users, ventures } from '../schema';
import { encodeVariants, writeVariants } from '../../modules/ventures/images';
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

const PEOPLE: (Omit<NewUser, 'passwordHash'> & { note: string })[] = [
  {
    email: 'superadmin@afrivest.test',
    firstName: 'Sara',
    lastName: 'Super',
    role: 'superadmin',
    countryName: 'Estonia',
    city: 'Tallinn',
    address: 'Narva mnt 5',
    phone: '+372 5550 0001',
    note: 'superadmin: everything an admin can, plus granting admin roles',
  },
  {
    email: 'admin@afrivest.test',
    firstName: 'Adam',
    lastName: 'Admin',
    role: 'admin',
    countryName: 'Estonia',
    city: 'Tallinn',
    address: 'Narva mnt 5',
    phone: '+372 5550 0002',
    note: 'admin: reviews ventures, manages balances',
  },
  {
    email: 'corporate@afrivest.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    role: 'corporate',
    countryName: 'Kenya',
    address: 'Moi Avenue 12, Nairobi',
    phone: '+254 700 000 001',
    newsletterFrequency: 'weekly',
    companyName: 'Savanna Ventures Ltd',
    legalForm: 'Ltd',
    registrationNumber: 'PVT-2019-48213',
    registeredAddress: 'Moi Avenue 12, Nairobi',
    companyEmail: 'finance@savanna-ventures.test',
    companyPhone: '+254 700 000 100',
    kycStatus: 'complete',
    note: 'corporate: owns the odd-numbered demo ventures',
  },
  {
    email: 'corporate2@afrivest.test',
    firstName: 'Youssef',
    lastName: 'Benali',
    role: 'corporate',
    countryName: 'Morocco',
    address: 'Rue Ibn Batouta 3, Casablanca',
    phone: '+212 600 000 002',
    newsletterFrequency: 'weekly',
    companyName: 'Atlas Growth SARL',
    legalForm: 'SARL',
    registrationNumber: 'RC-CAS-552190',
    registeredAddress: 'Rue Ibn Batouta 3, Casablanca',
    companyEmail: 'contact@atlas-growth.test',
    companyPhone: '+212 600 000 200',
    note: 'corporate: owns the even-numbered demo ventures',
  },
  {
    email: 'investor@afrivest.test',
    firstName: 'Amelia',
    lastName: 'Schneider',
    role: 'user',
    countryName: 'Germany',
    city: 'Berlin',
    address: 'Torstraße 101',
    phone: '+49 30 5550 0101',
    kycStatus: 'complete',
    transactionNotification: true,
    note: 'investor: identity verified, €50,000.00 deposited, invested in seven ventures',
  },
  {
    email: 'investor2@afrivest.test',
    firstName: 'Lukas',
    lastName: 'Virtanen',
    role: 'user',
    countryName: 'Finland',
    city: 'Helsinki',
    address: 'Mannerheimintie 20',
    phone: '+358 40 555 0202',
    kycStatus: 'pending',
    note: 'investor: verification pending, €2,000.00 deposited',
  },
  {
    email: 'investor3@afrivest.test',
    firstName: 'Sofia',
    lastName: 'García',
    role: 'user',
    countryName: 'Spain',
    city: 'Madrid',
    address: 'Calle de Alcalá 45',
    phone: '+34 600 555 303',
    note: 'investor: new account, not verified, no balance',
  },
];

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

const VENTURES: DemoVenture[] = [
  {
    title: 'Solar Mini-Grids for Rural Kenya',
    shortDescription: 'Pay-as-you-go solar power for 40 villages in Kitui County.',
    country: 'KE',
    ventureType: 'business',
    riskLevel: 'low',
    lifecycleStatus: 'new',
    visibility: 'public',
    adminStatus: 'approved',
    target: 60000,
    min: 50,
    max: 10000,
    expectedReturn: '9.5',
    months: 24,
    closesIn: 45,
    convertible: false,
    tags: ['energy', 'solar', 'rural'],
    images: 4,
    invested: 3000,
  },
  {
    title: 'Lagos Logistics Fleet Leasing',
    shortDescription: 'Twenty refrigerated vans leased to a growing food distributor.',
    country: 'NG',
    ventureType: 'leasing',
    riskLevel: 'medium',
    lifecycleStatus: 'new',
    visibility: 'public',
    adminStatus: 'approved',
    target: 80000,
    min: 100,
    max: 20000,
    expectedReturn: '13',
    months: 36,
    closesIn: 30,
    convertible: false,
    tags: ['logistics', 'leasing'],
    images: 3,
    invested: 1500,
  },
  {
    title: 'Accra Affordable Housing Block',
    shortDescription: 'Forty-eight starter flats near the Tema motorway.',
    country: 'GH',
    ventureType: 'realestate',
    riskLevel: 'medium',
    lifecycleStatus: 'coming-soon',
    visibility: 'public',
    adminStatus: 'approved',
    target: 150000,
    min: 100,
    max: 25000,
    expectedReturn: '11',
    months: 48,
    closesIn: 75,
    convertible: false,
    tags: ['housing', 'real-estate'],
    images: 2,
  },
  {
    title: 'Kigali Coffee Roastery Expansion',
    shortDescription: 'A second roasting line for a speciality coffee exporter.',
    country: 'RW',
    ventureType: 'sme',
    riskLevel: 'high',
    lifecycleStatus: 'funded',
    visibility: 'public',
    adminStatus: 'approved',
    target: 15000,
    min: 30,
    max: 15000,
    expectedReturn: '16',
    months: 18,
    closesIn: -5,
    convertible: true,
    tags: ['coffee', 'export', 'agriculture'],
    images: 2,
    invested: 15000,
  },
  {
    title: 'Dakar Fish Processing Plant',
    shortDescription: 'Cold chain and processing for artisanal fishing cooperatives.',
    country: 'SN',
    ventureType: 'sme',
    riskLevel: 'medium',
    lifecycleStatus: 'repaid',
    visibility: 'public',
    adminStatus: 'approved',
    target: 10000,
    min: 30,
    max: 10000,
    expectedReturn: '12',
    months: 12,
    closesIn: -400,
    convertible: false,
    tags: ['fishing', 'food'],
    images: 1,
    invested: 10000,
  },
  {
    title: 'Cape Town Co-working Campus',
    shortDescription: 'Refurbishing a warehouse into 300 desks for start-ups.',
    country: 'ZA',
    ventureType: 'realestate',
    riskLevel: 'low',
    lifecycleStatus: 'new',
    visibility: 'public',
    adminStatus: 'approved',
    target: 120000,
    min: 250,
    max: 30000,
    expectedReturn: '8',
    months: 60,
    closesIn: 60,
    convertible: true,
    tags: ['real-estate', 'startups'],
    images: 3,
    invested: 2500,
  },
  {
    title: 'Addis Ababa Textile Workshop',
    shortDescription: 'Looms and training for a women-led garment workshop.',
    country: 'ET',
    ventureType: 'business',
    riskLevel: 'high',
    lifecycleStatus: 'new',
    visibility: 'public',
    adminStatus: 'approved',
    target: 25000,
    min: 30,
    max: 5000,
    expectedReturn: '18',
    months: 12,
    closesIn: 20,
    convertible: false,
    tags: ['textiles', 'women'],
    images: 2,
  },
  {
    title: 'Marrakech Eco-Lodge',
    shortDescription: 'Twelve earthen guest houses powered by the sun.',
    country: 'MA',
    ventureType: 'realestate',
    riskLevel: 'medium',
    lifecycleStatus: 'new',
    visibility: 'private',
    adminStatus: 'approved',
    target: 90000,
    min: 500,
    max: 20000,
    expectedReturn: '10',
    months: 36,
    closesIn: 50,
    convertible: true,
    tags: ['tourism', 'eco'],
    images: 2,
  },
  {
    title: 'Kampala Agritech Cold Storage',
    shortDescription: 'Solar cold rooms that cut post-harvest losses for farmers.',
    country: 'UG',
    ventureType: 'business',
    riskLevel: 'high',
    lifecycleStatus: 'coming-soon',
    visibility: 'public',
    adminStatus: 'pending',
    target: 40000,
    min: 50,
    max: 8000,
    expectedReturn: '15',
    months: 24,
    closesIn: 90,
    convertible: false,
    tags: ['agritech'],
    images: 0,
  },
  {
    title: 'Lusaka Medical Equipment Leasing',
    shortDescription: 'Diagnostic equipment leased to three private clinics.',
    country: 'ZM',
    ventureType: 'leasing',
    riskLevel: 'low',
    lifecycleStatus: 'coming-soon',
    visibility: 'public',
    adminStatus: 'under-review',
    target: 50000,
    min: 100,
    max: 10000,
    expectedReturn: '9',
    months: 30,
    closesIn: 80,
    convertible: false,
    tags: ['health', 'leasing'],
    images: 1,
  },
  {
    title: 'Tunis Fintech Working Capital',
    shortDescription: 'Working capital for a merchant-payments start-up.',
    country: 'TN',
    ventureType: 'sme',
    riskLevel: 'high',
    lifecycleStatus: 'coming-soon',
    visibility: 'public',
    adminStatus: 'rejected',
    target: 35000,
    min: 30,
    max: 5000,
    expectedReturn: '20',
    months: 12,
    closesIn: 40,
    convertible: true,
    tags: ['fintech'],
    images: 1,
    adminNotes: 'Audited accounts for 2025 are missing; please resubmit with them.',
  },
  {
    title: 'Dar es Salaam Ferry Refit',
    shortDescription: 'Engines and safety refit for a 200-seat harbour ferry.',
    country: 'TZ',
    ventureType: 'leasing',
    riskLevel: 'medium',
    lifecycleStatus: 'new',
    visibility: 'public',
    adminStatus: 'approved',
    target: 45000,
    min: 100,
    max: 10000,
    expectedReturn: '12.5',
    months: 24,
    closesIn: 3,
    convertible: false,
    tags: ['transport', 'maritime'],
    images: 2,
    invested: 800,
  },
  {
    title: 'Abidjan Cocoa Cooperative',
    shortDescription: 'Drying and storage for a 600-farmer cocoa cooperative.',
    country: 'CI',
    ventureType: 'sme',
    riskLevel: 'low',
    lifecycleStatus: 'funded',
    visibility: 'public',
    adminStatus: 'approved',
    target: 12000,
    min: 30,
    max: 12000,
    expectedReturn: '10',
    months: 24,
    closesIn: -12,
    convertible: false,
    tags: ['cocoa', 'agriculture', 'cooperative'],
    images: 4,
    invested: 12000,
  },
  {
    title: 'Gaborone Retail Warehouse',
    shortDescription: 'A bonded warehouse for a regional retail chain.',
    country: 'BW',
    ventureType: 'realestate',
    riskLevel: 'low',
    lifecycleStatus: 'coming-soon',
    visibility: 'draft',
    adminStatus: 'pending',
    target: 70000,
    min: 500,
    max: 15000,
    expectedReturn: '7.5',
    months: 48,
    closesIn: 100,
    convertible: false,
    tags: ['retail', 'warehouse'],
    images: 0,
  },
];

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
    deposit(
      investorAccount,
      50000,
      'Bank transfer from Deutsche Kreditbank, ref. AFV-0001',
      new Date(now.getTime() - 460 * DAY),
    );
    deposit(
      await userAccountId(tx, ids.get('investor2@afrivest.test')!),
      2000,
      'SEPA transfer, ref. AFV-0002',
      new Date(now.getTime() - 10 * DAY),
    );

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
