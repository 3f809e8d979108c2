import { eq } from 'drizzle-orm';
import { accounts, ventures } from '../../src-server/db/schema';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import type { ProtectionFixture, SignedIn, TestContext } from './context';

type NewVenture = Partial<typeof ventures.$inferInsert>;
let ownerId: string | undefined;

/** An approved, public venture raising money (`new`, live, closing in 30 days). Amounts in cents. */
export async function openVenture(
  t: TestContext,
  overrides: NewVenture = {},
): Promise<typeof ventures.$inferSelect> {
  ownerId ??= (await t.createUser({ role: 'corporate' })).id;
  // Open by the business date, which a test may have moved ahead (PUT /api/admin/business-date).
  const now = t.ctx.clock.now();
  const [row] = await t.database.db
    .insert(ventures)
    .values({
      title: 'Solar kiosks in Kisumu',
      shortDescription: 'Pay-as-you-go solar',
      longDescription: 'long',
      collateralDescription: 'collateral',
      country: 'KE',
      ventureType: 'sme',
      riskLevel: 'medium',
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 500_000n,
      targetAmountCents: 1_000_000n,
      expectedReturn: '12.00',
      investmentPeriod: 12,
      closingDate: new Date(now.getTime() + 30 * 86_400_000),
      collateralValueCents: 1_200_000n,
      loanToValue: '80',
      lifecycleStatus: 'new',
      visibility: 'public',
      adminStatus: 'approved',
      goesLiveAt: new Date(now.getTime() - 86_400_000),
      createdBy: ownerId,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Credits a user's balance from off-platform (a deposit ledger transaction). */
export async function deposit(t: TestContext, userId: string, cents: bigint): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const account = await userAccountId(tx, userId);
    await postTransaction(tx, {
      kind: 'deposit',
      note: 'Test deposit',
      entries: [
        { accountId: account, amountCents: cents },
        { accountId: await externalAccountId(tx), amountCents: -cents },
      ],
    });
  });
}

/** A signed-in, identity-verified investor with that balance (in cents) and protection profile
 * (`passed` by default: they may invest, with a 96-hour reflection period on each investment). */
export async function verifiedInvestor(
  t: TestContext,
  cents = 1_000_000n,
  email?: string,
  protection: ProtectionFixture = 'passed',
): Promise<SignedIn> {
  const investor = await t.injectAs('user', { kycStatus: 'complete', protection, ...(email && { email }) });
  if (cents > 0n) await deposit(t, investor.user!.id, cents);
  return investor;
}

export async function balanceOf(t: TestContext, userId: string): Promise<bigint> {
  const [row] = await t.database.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row?.balance ?? 0n;
}

export async function ventureRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(ventures).where(eq(ventures.id, id));
  return row!;
}
