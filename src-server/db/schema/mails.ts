import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailStatusEnum } from './enums';

/** Messages sent through the contact form (spec 3, Mail). */
export const contactMails = pgTable(
  'contact_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: mailStatusEnum('status').notNull().default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('contact_mails_status_created_idx').on(t.status, t.createdAt.desc())],
);
