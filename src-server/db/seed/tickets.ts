import { inArray } from 'drizzle-orm';
import type { TicketCategory, TicketStatus } from '../../../src-shared/constants/enums';
import { complaintRespondBy } from '../../../src-shared/rules/workingDays';
import type { Db } from '../client';
import { ticketMessages, tickets, users } from '../schema';

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

const TICKETS: DemoTicket[] = [
  {
    author: 'investor@afrivest.test',
    subject: 'When is the final repayment of a repaid venture credited?',
    category: 'payments',
    status: 'resolved',
    daysAgo: 24,
    thread: [
      { body: 'One of my ventures shows as repaid. When will the money reach my balance?', hoursLater: 0 },
      {
        admin: true,
        body: 'The final repayment is credited on the day the company pays; you will find it in your transactions.',
        hoursLater: 20,
      },
      { body: 'Found it, thank you!', hoursLater: 30 },
    ],
  },
  {
    author: 'investor@afrivest.test',
    subject: 'Repayment schedule of a funded venture',
    category: 'investment',
    status: 'in_progress',
    daysAgo: 3,
    thread: [
      { body: 'Is there a schedule for the monthly repayments of the ventures I funded?', hoursLater: 0 },
      {
        admin: true,
        body: 'We are asking the company for its schedule and will post it here.',
        hoursLater: 5,
      },
    ],
  },
  {
    author: 'investor@afrivest.test',
    subject: 'Complaint: my deposit took a week to appear',
    category: 'complaint',
    status: 'open',
    daysAgo: 9,
    thread: [
      {
        body: 'I sent a bank transfer and it took seven days to show in my balance. Please explain the delay.',
        hoursLater: 0,
      },
    ],
  },
  {
    author: 'corporate@afrivest.test',
    subject: 'Updating our company documents',
    category: 'account',
    status: 'open',
    daysAgo: 1,
    thread: [{ body: 'Our registered address changed. How do we update it?', hoursLater: 0 }],
  },
];

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
