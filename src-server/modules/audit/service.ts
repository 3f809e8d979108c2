/**
 * The audit log (API contract, "Admin sign-in and audit"; docs/audit.md): every change an admin
 * makes writes one `audit_log` row in the same transaction as the change, so a change that is
 * refused or rolled back leaves no row, and a row never describes a change that did not happen.
 * The table is append-only (src-server/db/functions/audit_append_only.sql).
 */
import { and, asc, count, desc, eq, gte, ilike, like, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditListQuery, AuditRow } from '../../../src-shared/contracts/audit';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import type { SessionContext } from '../../lib/sessions';

/** Who made a change and from where. */
export interface AuditSource {
  actor: { id: string | null; email: string; role: string };
  ip: string | null;
  userAgent: string | null;
}

/** The venture columns a review or a money action may change, for `auditDiff`. */
export const VENTURE_AUDIT_FIELDS = [
  'adminStatus',
  'adminNotes',
  'lifecycleStatus',
  'goesLiveAt',
  'dateIssued',
  'cancelledAt',
  'cancelReason',
  'amountFundedCents',
] as const;

export interface AuditEntry extends AuditSource {
  /** `family.verb`: `balance.credit`, `venture.review`, `servicing.write_off`... */
  action: string;
  targetType: string;
  targetId: string | null;
  /** The changed fields' old values (see `auditDiff`); null for a creation or a pure event. */
  before?: Record<string, unknown> | null;
  /** The changed fields' new values; null for a deletion. */
  after?: Record<string, unknown> | null;
}

/** Inserts one audit row; call it with the transaction that makes the change. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
    userAgent: entry.userAgent === null ? null : entry.userAgent.slice(0, 500),
  });
}

const plain = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value;

/**
 * Only what changed: the fields of `after` whose value differs from `before`'s (dates as ISO
 * strings, bigints as strings, objects compared as JSON), each side keeping its own value.
 * `fields` names the columns that may be audited (default: every key of `after`): never secrets
 * or identity-document contents.
 */
export function auditDiff<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  for (const key of fields) {
    const old = plain(from[key]);
    const now = plain(to[key]);
    if (JSON.stringify(old ?? null) === JSON.stringify(now ?? null)) continue;
    b[key] = old ?? null;
    a[key] = now ?? null;
  }
  return { before: b, after: a };
}

// Where each request's session came from: the services take the session (`SessionContext`), and
// this map, keyed by that per-request object, gives them the client's address and user agent
// without a parameter threaded through every signature.
const origins = new WeakMap<SessionContext, { ip: string | null; userAgent: string | null }>();

/** Remembers, for every signed-in API request, its address and user agent (see `auditSource`). */
export function registerAuditOrigins(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.auth) rememberOrigin(request.auth, request);
  });
}

export function rememberOrigin(auth: SessionContext, request: FastifyRequest): void {
  const agent = request.headers['user-agent'];
  origins.set(auth, { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent : null });
}

/** The actor, address and user agent of the request whose session this is. */
export function auditSource(auth: SessionContext): AuditSource {
  const origin = origins.get(auth) ?? { ip: null, userAgent: null };
  return { actor: { id: auth.user.id, email: auth.user.email, role: auth.user.role }, ...origin };
}

/** The audit rows for GET /api/admin/audit, newest first (or oldest with `order=asc`). */
export async function listAudit(
  db: DbOrTx,
  query: AuditListQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  let action: SQL | undefined;
  if (query.action?.endsWith('.*'))
    action = like(auditLog.action, `${query.action.slice(0, -2).replace(/[\\%_]/g, (c) => `\\${c}`)}.%`);
  else if (query.action) action = eq(auditLog.action, query.action);
  const where = and(
    query.actor
      ? uuid.test(query.actor)
        ? eq(auditLog.actorId, query.actor)
        : ilike(auditLog.actorEmail, containsPattern(query.actor))
      : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    action,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.from ? gte(auditLog.at, query.from) : undefined,
    query.to ? lt(auditLog.at, new Date(query.to.getTime() + DAY_MS)) : undefined,
  );
  const order =
    query.order === 'asc' ? [asc(auditLog.at), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      at: r.at.toISOString(),
      actor: { id: r.actorId, email: r.actorEmail, role: r.actorRole },
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: (r.before as Record<string, unknown> | null) ?? null,
      after: (r.after as Record<string, unknown> | null) ?? null,
      ip: r.ip,
      userAgent: r.userAgent,
    })),
    total: totals[0]?.total ?? 0,
  };
}
