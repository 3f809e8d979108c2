import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ticketCategoryEnum, ticketStatusEnum } from './enums';
import { users } from './users';

/** A support ticket (API contract, "Support tickets"), opened by an investor or a company. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Counts up from 1 across the platform (an identity column: never reused, never written by us). */
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: ticketCategoryEnum('category').notNull(),
    status: ticketStatusEnum('status').notNull().default('open'),
    /** A complaint's deadline: 10 working days after it was opened; null for other categories. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last reply or status change. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_number_key').on(t.number),
    index('tickets_author_created_idx').on(t.authorId, t.createdAt.desc()),
    index('tickets_status_respond_by_idx').on(t.status, t.respondBy),
  ],
);

/** The thread of a ticket, oldest first: the author's first message, then replies of either side. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_created_idx').on(t.ticketId, t.createdAt)],
);
