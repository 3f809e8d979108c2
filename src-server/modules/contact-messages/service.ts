/**
 * The contact form's messages: stored as `contact_mails` (nobody is e-mailed), read by admins in the
 * back office. Opening one marks it read; an admin may mark it unread again.
 */
import { recordAudit, type AuditSource } from '../audit/service';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { MailStatus } from '../../../src-shared/constants/enums';
import {
  MAIL_EXCERPT_LENGTH,
  type Mail,
  type MailListQuery,
  type MailRow,
  type MailSortField,
} from '../../../src-shared/contracts/mails';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { contactMails } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import * as rateLimit from '../auth/rate-limit';

/** Per client address: at most 5 messages in 10 minutes (then 429 with Retry-After). */
export const CONTACT_RULE: rateLimit.RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };

type MailRecord = typeof contactMails.$inferSelect;

/** The message's first characters, whitespace collapsed, with '...' when it was cut. */
export function excerptOf(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= MAIL_EXCERPT_LENGTH ? flat : `${flat.slice(0, MAIL_EXCERPT_LENGTH - 3).trimEnd()}...`;
}

function toRow(mail: MailRecord): MailRow {
  return {
    id: mail.id,
    name: mail.name,
    email: mail.email,
    subject: mail.subject,
    status: mail.status,
    excerpt: excerptOf(mail.message),
    createdAt: mail.createdAt.toISOString(),
    readAt: mail.readAt?.toISOString() ?? null,
  };
}

const toMail = (mail: MailRecord): Mail => ({ ...toRow(mail), message: mail.message });

/** POST /api/contact: counted per client address once the message is valid, then stored. */
export async function storeContactMessage(
  ctx: AppContext,
  ip: string,
  body: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  await rateLimit.hit(ctx.db, `contact-ip:${ip}`, CONTACT_RULE, ctx.now(), 'contact.too_many_messages');
  await ctx.db.insert(contactMails).values({ ...body, createdAt: ctx.now() });
}

const SORT_COLUMNS: Record<MailSortField, PgColumn> = {
  createdAt: contactMails.createdAt,
  status: contactMails.status,
  email: contactMails.email,
  subject: contactMails.subject,
};

function searchMails(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(contactMails.name, pattern),
    ilike(contactMails.email, pattern),
    ilike(contactMails.subject, pattern),
    ilike(contactMails.message, pattern),
  );
}

export async function listMails(db: DbOrTx, query: MailListQuery) {
  const where = and(
    query.status ? eq(contactMails.status, query.status) : undefined,
    searchMails(query.search),
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: contactMails.id,
        name: contactMails.name,
        email: contactMails.email,
        subject: contactMails.subject,
        status: contactMails.status,
        // Only the start of the message travels (enough for the excerpt after collapsing spaces).
        message: sql<string>`left(${contactMails.message}, ${MAIL_EXCERPT_LENGTH * 4})`,
        createdAt: contactMails.createdAt,
        readAt: contactMails.readAt,
      })
      .from(contactMails)
      .where(where)
      .orderBy(
        direction(SORT_COLUMNS[query.sortBy]),
        ...(query.sortBy === 'createdAt' ? [] : [desc(contactMails.createdAt)]),
        direction(contactMails.id),
      )
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(contactMails).where(where),
  ]);
  return { rows: rows.map(toRow), total: totals[0]?.total ?? 0 };
}

/** GET /api/admin/mails/{id}: the mail with its message; an unread one becomes read now. */
export async function openMail(ctx: AppContext, id: string): Promise<Mail> {
  const [opened] = await ctx.db
    .update(contactMails)
    .set({ status: 'read', readAt: ctx.now() })
    .where(and(eq(contactMails.id, id), eq(contactMails.status, 'unread')))
    .returning();
  if (opened) return toMail(opened);
  const [mail] = await ctx.db.select().from(contactMails).where(eq(contactMails.id, id));
  if (!mail) throw new HttpError(404, 'mail.not_found');
  return toMail(mail);
}

/** PATCH /api/admin/mails/{id}: read keeps the first reading time; unread clears it. */
export async function setMailStatus(
  ctx: AppContext,
  id: string,
  status: MailStatus,
  audit?: AuditSource,
): Promise<Mail> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: contactMails.status })
      .from(contactMails)
      .where(eq(contactMails.id, id))
      .for('update');
    if (!found) throw new HttpError(404, 'mail.not_found');
    const [mail] = await tx
      .update(contactMails)
      .set(
        status === 'read'
          ? { status, readAt: sql`coalesce(${contactMails.readAt}, ${ctx.now()})` }
          : { status, readAt: null },
      )
      .where(eq(contactMails.id, id))
      .returning();
    if (audit && found.status !== status)
      await recordAudit(tx, {
        ...audit,
        action: 'mail.status',
        targetType: 'mail',
        targetId: id,
        before: { status: found.status },
        after: { status },
      });
    return toMail(mail!);
  });
}
