import { inArray } from 'drizzle-orm';
import type { TicketCategory, TicketStatus } from '../../src-shared/constants/enums';
import { complaintRespondBy } from '../../src-shared/rules/workingDays';
import type { Db } from '../db/client';
import { ticketMessages, tickets, users } from '../db/schema';
import demoTickets from './fixtures/tickets.json';

const DAY = 86_400_000;

interface DemoTicket {
  author: string;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  daysAgo: number;
  /** The thread, oldest first: `admin` marks an admin's answer. */
  thread: { admin?: boolean; body: string; hoursLater: number }[];
}

/** The support tickets of fixtures/tickets.json. */
const TICKETS = demoTickets as DemoTicket[];

/** A few support tickets with their threads (no e-mails), so the screens show real rows. */
export async function seedDemoTickets(db: Db, now = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set([...TICKETS.map((t) => t.author), 'admin@afrivest.test'])]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const adminId = idOf('admin@afrivest.test');
  if (!adminId) return;
  await db.transaction(async (tx) => {
    // Oldest first, so the numbers count up in time.
    for (const demo of [...TICKETS].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const authorId = idOf(demo.author);
      if (!authorId) continue;
      const createdAt = new Date(now.getTime() - demo.daysAgo * DAY);
      const at = (hours: number) => new Date(createdAt.getTime() + hours * 3_600_000);
      const [row] = await tx
        .insert(tickets)
        .values({
          authorId,
          subject: demo.subject,
          category: demo.category,
          status: demo.status,
          respondBy: demo.category === 'complaint' ? complaintRespondBy(createdAt) : null,
          createdAt,
          updatedAt: at(demo.thread.at(-1)!.hoursLater),
        })
        .returning({ id: tickets.id });
      for (const message of demo.thread) {
        await tx.insert(ticketMessages).values({
          ticketId: row!.id,
          authorId: message.admin ? adminId : authorId,
          body: message.body,
          createdAt: at(message.hoursLater),
        });
      }
    }
  });
}
