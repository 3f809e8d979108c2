/**
 * Support tickets (API contract, "Support tickets"): investors and companies open a ticket (its
 * first message) and reply in its thread; admins answer, change the status and list every ticket.
 * A complaint must be answered within 10 working days (`respondBy`). The author gets an
 * acknowledgement e-mail, and an e-mail for each admin reply, queued in the same transaction.
 */
import { recordAudit, type AuditSource } from '../audit/service';
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LanguageCode, Role, TicketStatus } from '../../../src-shared/constants/enums';
import type {
  AdminTicketListQuery,
  MyTicketListQuery,
  Ticket,
  TicketCreateBody,
  TicketMessage,
  TicketSortField,
  TicketSummary,
  TicketWithMessages,
} from '../../../src-shared/contracts/tickets';
import {
  addWorkingDays,
  complaintRespondBy,
  COMPLAINT_DUE_SOON_WORKING_DAYS,
} from '../../../src-shared/rules/workingDays';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ticketMessages, tickets, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import * as rateLimit from '../auth/rate-limit';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import { isAdminRole } from '../../plugins/session';

/** Who calls: the signed-in person's id and role. */
export interface Caller {
  id: string;
  role: Role;
}

/** Tickets still waiting for an answer (a deadline counts only for these). */
export const AWAITING_ANSWER: TicketStatus[] = ['open', 'in_progress'];

const ticketColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  category: tickets.category,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  respondBy: tickets.respondBy,
  author: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    role: users.role,
  },
};

type TicketRecord = {
  id: string;
  number: number;
  subject: string;
  category: Ticket['category'];
  status: Ticket['status'];
  createdAt: Date;
  updatedAt: Date;
  respondBy: Date | null;
  author: Ticket['author'];
};

function toTicket(row: TicketRecord): Ticket {
  return {
    _id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    respondBy: row.respondBy?.toISOString() ?? null,
    author: row.author,
  };
}

const selectTickets = (db: DbOrTx) =>
  db.select(ticketColumns).from(tickets).innerJoin(users, eq(users.id, tickets.authorId));

/** The thread of a ticket, oldest first. */
async function messagesOf(db: DbOrTx, ticketId: string): Promise<TicketMessage[]> {
  const rows = await db
    .select({
      id: ticketMessages.id,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
    })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  return rows.map((m) => ({
    _id: m.id,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    author: m.author,
  }));
}

/** A ticket with its thread, if the caller may see it (its author or an admin); else 404. */
async function loadTicket(db: DbOrTx, id: string, caller: Caller): Promise<TicketWithMessages> {
  const [row] = await selectTickets(db).where(eq(tickets.id, id));
  if (!row || (row.author.id !== caller.id && !isAdminRole(caller.role))) {
    throw new HttpError(404, 'ticket.not_found');
  }
  return { ...toTicket(row), messages: await messagesOf(db, id) };
}

/** The author's page of a ticket (the e-mails link to it): the investor area's, or the corporate
 * back office's show page of its `tickets` resource. */
export const ticketPath = (role: Role, id: string): string =>
  role === 'corporate' ? `/corporate/tickets/${id}/show` : `/user/tickets/${id}`;

const HOUR = 60 * 60_000;

/**
 * Flood limits (issue 26, finding 9): each new ticket queues an e-mail and, for a complaint, a
 * deadline, so an account may open `ticketsPerHour` and send `ticketRepliesPerHour` replies an hour,
 * and one client address three times as many (an office behind one address). Counted inside the
 * caller's transaction: a refused or failed request leaves its slot unused. Admins' replies are their
 * work and are not counted.
 */
async function countFlood(
  ctx: AppContext,
  tx: DbOrTx,
  kind: 'tickets' | 'replies',
  caller: Caller,
  ip: string,
  now: Date,
): Promise<void> {
  const limit = kind === 'tickets' ? ctx.config.ticketsPerHour : ctx.config.ticketRepliesPerHour;
  const code = kind === 'tickets' ? 'ticket.too_many_tickets' : 'ticket.too_many_replies';
  await rateLimit.hit(tx, `ticket-${kind}-user:${caller.id}`, { limit, windowMs: HOUR }, now, code);
  await rateLimit.hit(tx, `ticket-${kind}-ip:${ip}`, { limit: limit * 3, windowMs: HOUR }, now, code);
}

/** POST /api/tickets: the ticket, its first message and the acknowledgement, in one transaction. */
export async function createTicket(
  ctx: AppContext,
  caller: Caller,
  body: TicketCreateBody,
  ip: string,
): Promise<TicketWithMessages> {
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    await countFlood(ctx, tx, 'tickets', caller, ip, now);
    const [ticket] = await tx
      .insert(tickets)
      .values({
        authorId: caller.id,
        subject: body.subject,
        category: body.category,
        status: 'open',
        respondBy: body.category === 'complaint' ? complaintRespondBy(now) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(ticketMessages).values({
      ticketId: ticket!.id,
      authorId: caller.id,
      body: body.message,
      createdAt: now,
    });
    const [author] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language, role: users.role })
      .from(users)
      .where(eq(users.id, caller.id));
    await ctx.mailer.enqueue(tx, {
      kind: 'ticket-received',
      to: author!.email,
      lang: author!.language as LanguageCode,
      name: author!.firstName,
      number: ticket!.number,
      subject: ticket!.subject,
      respondBy: ticket!.respondBy?.toISOString() ?? null,
      path: ticketPath(author!.role, ticket!.id),
    });
    return ticket!.id;
  });
  return loadTicket(ctx.db, id, caller);
}

/** GET /api/tickets/mine: the caller's own tickets, newest first. */
export async function listMyTickets(db: DbOrTx, userId: string, query: MyTicketListQuery) {
  const where = and(
    eq(tickets.authorId, userId),
    query.status ? eq(tickets.status, query.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    selectTickets(db)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.number))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  return { rows: rows.map(toTicket), total: totals[0]?.total ?? 0 };
}

/** GET /api/tickets/{id}. */
export const getTicket = (db: DbOrTx, id: string, caller: Caller) => loadTicket(db, id, caller);

/**
 * POST /api/tickets/{id}/messages: a reply by the author or an admin. A closed ticket takes no more
 * replies (409). An admin's reply moves an `open` ticket to `in_progress` and e-mails the author;
 * the author's reply to a `resolved` ticket opens it again (it was not resolved after all).
 */
export async function replyToTicket(
  ctx: AppContext,
  id: string,
  caller: Caller,
  message: string,
  ip: string,
): Promise<TicketWithMessages> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
    const isAuthor = ticket?.authorId === caller.id;
    const byAdmin = isAdminRole(caller.role);
    if (!ticket || (!isAuthor && !byAdmin)) throw new HttpError(404, 'ticket.not_found');
    if (ticket.status === 'closed') throw new HttpError(409, 'ticket.closed');
    if (!byAdmin) await countFlood(ctx, tx, 'replies', caller, ip, now);
    await tx
      .insert(ticketMessages)
      .values({ ticketId: id, authorId: caller.id, body: message, createdAt: now });
    const status: TicketStatus =
      byAdmin && !isAuthor && ticket.status === 'open'
        ? 'in_progress'
        : isAuthor && ticket.status === 'resolved'
          ? 'open'
          : ticket.status;
    await tx.update(tickets).set({ status, updatedAt: now }).where(eq(tickets.id, id));
    if (byAdmin && !isAuthor) {
      const [author] = await tx
        .select({
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          role: users.role,
        })
        .from(users)
        .where(eq(users.id, ticket.authorId));
      await ctx.mailer.enqueue(tx, {
        kind: 'ticket-reply',
        to: author!.email,
        lang: author!.language as LanguageCode,
        name: author!.firstName,
        number: ticket.number,
        subject: ticket.subject,
        reply: message,
        path: ticketPath(author!.role, id),
      });
    }
  });
  return loadTicket(ctx.db, id, caller);
}

/** `search`: the subject or the author's e-mail contains it, or it is the ticket's number ('12', '#12'). */
function searchTickets(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const numeric = /^#?\s*(\d{1,9})$/.exec(search);
  return or(
    ilike(tickets.subject, pattern),
    ilike(users.email, pattern),
    numeric ? eq(tickets.number, Number(numeric[1])) : undefined,
  );
}

const SORT_COLUMNS: Record<Exclude<TicketSortField, 'respondBy'>, PgColumn> = {
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  number: tickets.number,
  status: tickets.status,
};

/**
 * The admin list's order. `respondBy` (the default, ascending): tickets waiting for an answer that
 * have a deadline (open and in-progress complaints) come first, the oldest deadline first (overdue
 * ones on top), then every other ticket, newest first; a resolved or closed complaint's deadline no
 * longer orders it. Any other column sorts by itself, then newest first.
 */
function adminOrder(query: AdminTicketListQuery): SQL[] {
  const tail = [desc(tickets.createdAt), desc(tickets.number)];
  if (query.sortBy === 'respondBy') {
    const pending = sql`(${tickets.respondBy} IS NOT NULL AND ${inArray(tickets.status, AWAITING_ANSWER)})`;
    const direction = query.order === 'desc' ? desc : asc;
    return [desc(pending), direction(sql`CASE WHEN ${pending} THEN ${tickets.respondBy} END`), ...tail];
  }
  const direction = query.order === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[query.sortBy]), ...tail];
}

/** GET /api/admin/tickets. */
export async function listAdminTickets(db: DbOrTx, query: AdminTicketListQuery) {
  const where = and(
    query.status ? eq(tickets.status, query.status) : undefined,
    query.category ? eq(tickets.category, query.category) : undefined,
    query.userId ? eq(tickets.authorId, query.userId) : undefined,
    searchTickets(query.search),
  );
  const [rows, totals] = await Promise.all([
    selectTickets(db)
      .where(where)
      .orderBy(...adminOrder(query))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.authorId)).where(where),
  ]);
  return { rows: rows.map(toTicket), total: totals[0]?.total ?? 0 };
}

/** PATCH /api/admin/tickets/{id}: any status, any time (an admin may reopen a closed ticket). */
export async function setTicketStatus(
  ctx: AppContext,
  id: string,
  status: TicketStatus,
  caller: Caller,
  audit?: AuditSource,
): Promise<TicketWithMessages> {
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, id))
      .for('update');
    if (!found) throw new HttpError(404, 'ticket.not_found');
    await tx.update(tickets).set({ status, updatedAt: ctx.now() }).where(eq(tickets.id, id));
    if (audit && found.status !== status)
      await recordAudit(tx, {
        ...audit,
        action: 'ticket.status',
        targetType: 'ticket',
        targetId: id,
        before: { status: found.status },
        after: { status },
      });
  });
  return loadTicket(ctx.db, id, caller);
}

// ------------------------------------------------------------------------------------------------
// Figures for the dashboards

/** A person's newest tickets for a dashboard, newest first. */
export async function newestTickets(db: DbOrTx, userId: string, n: number): Promise<TicketSummary[]> {
  const rows = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      subject: tickets.subject,
      category: tickets.category,
      status: tickets.status,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(eq(tickets.authorId, userId))
    .orderBy(desc(tickets.createdAt), desc(tickets.number))
    .limit(n);
  return rows.map(({ id, createdAt, ...rest }) => ({ _id: id, ...rest, createdAt: createdAt.toISOString() }));
}

/** A person's tickets that are not closed (the "Open Tickets" card). */
export async function openTicketCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.authorId, userId), ne(tickets.status, 'closed')));
  return row?.n ?? 0;
}

/**
 * The admin overview's ticket figures: `openTickets`, every ticket not closed; `complaintsDueSoon`,
 * complaints still waiting for an answer (open or in progress) whose deadline is within
 * `COMPLAINT_DUE_SOON_WORKING_DAYS` working days of `now`, overdue ones included.
 */
export async function ticketFigures(
  db: DbOrTx,
  now: Date,
): Promise<{ openTickets: number; complaintsDueSoon: number }> {
  const dueBy = addWorkingDays(now, COMPLAINT_DUE_SOON_WORKING_DAYS);
  const [row] = await db
    .select({
      open: sql<number>`count(*) FILTER (WHERE ${ne(tickets.status, 'closed')})`.mapWith(Number),
      dueSoon: sql<number>`count(*) FILTER (WHERE ${and(
        eq(tickets.category, 'complaint'),
        inArray(tickets.status, AWAITING_ANSWER),
        lte(tickets.respondBy, dueBy),
      )})`.mapWith(Number),
    })
    .from(tickets);
  return { openTickets: row?.open ?? 0, complaintsDueSoon: row?.dueSoon ?? 0 };
}
