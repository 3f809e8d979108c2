/**
 * Users (admin): every account with its balance, and the two changes an admin makes to one
 * (activate/deactivate, role). The role rules (README, Decisions):
 * - nobody deactivates themselves or changes their own role (403);
 * - only a superadmin grants or removes `admin`/`superadmin`, and only a superadmin deactivates or
 *   reactivates an admin or superadmin account (403);
 * - an account that holds money, investments or ventures keeps its role (409): an admin has no
 *   balance, and a corporate's ventures or an investor's investments would lose their owner's role;
 * - deactivating ends every session of the person in the same transaction; reactivating restores none.
 * A value equal to the current one changes nothing and is not refused.
 */
import { auditSource, recordAudit } from '../audit/service';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../src-shared/constants/enums';
import { paymentReferenceIdPrefix } from '../../../src-shared/rules/funding';
import type {
  AdminUser,
  UserListQuery,
  UserSortField,
  UserUpdateBody,
} from '../../../src-shared/contracts/users';
import { centsToEuros } from '../../../src-shared/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import { isAdminRole } from '../../plugins/session';
import { revokeUserSessions, type SessionContext } from '../auth/sessions';

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  countryName: users.countryName,
  city: users.city,
  address: users.address,
  role: users.role,
  isActive: users.isActive,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  kycStatus: users.kycStatus,
  companyName: users.companyName,
  legalForm: users.legalForm,
  registrationNumber: users.registrationNumber,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  balanceCents: accounts.balanceCents,
};

/** Users with their balance (an admin has no account: 0). */
const selectUsers = (db: DbOrTx) =>
  db.select(columns).from(users).leftJoin(accounts, eq(accounts.userId, users.id)).$dynamic();

type Row = Awaited<ReturnType<typeof selectUsers>>[number];

function toAdminUser({ balanceCents, createdAt, lastLoginAt, ...row }: Row): AdminUser {
  return {
    ...row,
    emailVerified: Boolean(row.emailVerified),
    createdAt: createdAt.toISOString(),
    lastLoginAt: lastLoginAt?.toISOString() ?? null,
    balance: centsToEuros(balanceCents ?? 0n),
  };
}

const SORT_COLUMNS: Record<UserSortField, PgColumn> = {
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  email: users.email,
  lastName: users.lastName,
  role: users.role,
};

/**
 * The column in the asked direction with people who never signed in last either way (`nulls last`),
 * then the newest accounts, then the id (a stable page order). `role` sorts in the enum's order:
 * user, corporate, admin, superadmin.
 */
function orderBy(sortBy: UserSortField, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return [
    sql`${SORT_COLUMNS[sortBy]} ${direction} nulls last`,
    ...(sortBy === 'createdAt' ? [] : [desc(users.createdAt)]),
    order === 'asc' ? asc(users.id) : desc(users.id),
  ];
}

function searchUsers(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  // A bank transfer's payment reference ('AV-' and the id's first 8 hex digits) finds its person.
  const idPrefix = paymentReferenceIdPrefix(search);
  return or(
    idPrefix ? sql`${users.id}::text like ${`${idPrefix}%`}` : undefined,
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.companyName, pattern),
  );
}

export async function listUsers(db: DbOrTx, query: UserListQuery) {
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    query.isActive ? eq(users.isActive, query.isActive === 'true') : undefined,
    query.kycStatus ? eq(users.kycStatus, query.kycStatus) : undefined,
    searchUsers(query.search),
  );
  const [rows, totals] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(...orderBy(query.sortBy, query.order))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toAdminUser), total: totals[0]?.total ?? 0 };
}

export async function getUser(db: DbOrTx, id: string): Promise<AdminUser> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  if (!row) throw new HttpError(404, 'user.not_found');
  return toAdminUser(row);
}

/** True when the person has money, investments or ventures tied to their current role. */
async function holdsAnything(db: DbOrTx, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ holds: boolean }>(sql`select
    exists (select 1 from ${accounts} where ${accounts.userId} = ${userId} and ${accounts.balanceCents} <> 0)
    or exists (select 1 from ${investments} where ${investments.userId} = ${userId})
    or exists (select 1 from ${ventures} where ${ventures.createdBy} = ${userId}) as holds`);
  return rows[0]?.holds === true;
}

/** PATCH /api/users/{id}: the rules above, then the change, in one transaction. */
export async function updateUser(
  ctx: AppContext,
  caller: SessionContext,
  id: string,
  body: UserUpdateBody,
): Promise<AdminUser> {
  const callerRole: Role = caller.user.role;
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target) throw new HttpError(404, 'user.not_found');

    const deactivating = body.isActive === false && target.isActive;
    const activeChanges = body.isActive !== undefined && body.isActive !== target.isActive;
    const roleChanges = body.role !== undefined && body.role !== target.role;
    const self = target.id === caller.user.id;

    if (self && deactivating) throw new HttpError(403, 'user.cannot_deactivate_self');
    if (self && roleChanges) throw new HttpError(403, 'user.cannot_change_own_role');
    if (roleChanges && (isAdminRole(target.role) || isAdminRole(body.role!)) && callerRole !== 'superadmin')
      throw new HttpError(403, 'user.admin_roles_superadmin_only');
    if (activeChanges && isAdminRole(target.role) && callerRole !== 'superadmin')
      throw new HttpError(403, 'user.admin_accounts_superadmin_only');
    if (roleChanges && !isAdminRole(target.role) && (await holdsAnything(tx, target.id)))
      throw new HttpError(409, 'user.role_change_in_use');

    if (!activeChanges && !roleChanges) return;
    const now = ctx.now();
    await tx
      .update(users)
      .set({
        ...(activeChanges ? { isActive: body.isActive } : {}),
        ...(roleChanges ? { role: body.role } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, target.id));
    if (deactivating) await revokeUserSessions(tx, target.id, now);
    const source = auditSource(caller);
    if (roleChanges)
      await recordAudit(tx, {
        ...source,
        action: 'user.role',
        targetType: 'user',
        targetId: target.id,
        before: { role: target.role },
        after: { role: body.role },
      });
    if (activeChanges)
      await recordAudit(tx, {
        ...source,
        action: 'user.active',
        targetType: 'user',
        targetId: target.id,
        before: { isActive: target.isActive },
        after: { isActive: body.isActive },
      });
  });
  return getUser(ctx.db, id);
}
