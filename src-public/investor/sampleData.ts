import type { InvestmentStatus } from '../../src-shared/constants/enums';

/**
 * The fixed sample data of the investor overview (spec 2.5: "not fetched"). Texts are i18n keys;
 * venture names are proper nouns. The corporate overview in the back office has its own sample.
 */
export interface SampleInvestment {
  venture: string;
  amount: number;
  profitPaid: number;
  expectedReturn: number;
  status: InvestmentStatus;
}

export interface SampleTransaction {
  noteKey: string;
  venture?: string;
  amount: number;
  balanceBefore: number;
  changedAt: string;
}

export type TicketStatus = 'Open' | 'In Progress' | 'Resolved' | 'Closed';
export type TicketCategory = 'Payments' | 'Account' | 'Technical';

export interface SampleTicket {
  subjectKey: string;
  category: TicketCategory;
  status: TicketStatus;
  createdAt: string;
}

export const SAMPLE_INVESTMENTS: readonly SampleInvestment[] = [
  {
    venture: 'Nairobi Solar Microgrid',
    amount: 1500,
    profitPaid: 112.5,
    expectedReturn: 180,
    status: 'invested',
  },
  {
    venture: 'Lagos Fintech Expansion',
    amount: 2500,
    profitPaid: 0,
    expectedReturn: 350,
    status: 'invested',
  },
  {
    venture: 'Kigali Coffee Cooperative',
    amount: 500,
    profitPaid: 45,
    expectedReturn: 60,
    status: 'completed',
  },
  {
    venture: 'Accra Cold Chain Logistics',
    amount: 800,
    profitPaid: 96,
    expectedReturn: 96,
    status: 'repaid',
  },
];

export const SAMPLE_TRANSACTIONS: readonly SampleTransaction[] = [
  {
    noteKey: 'investor.sample.notes.repayment',
    venture: 'Accra Cold Chain Logistics',
    amount: 896,
    balanceBefore: 700,
    changedAt: '2025-06-28T10:30:00Z',
  },
  {
    noteKey: 'investor.sample.notes.investment',
    venture: 'Lagos Fintech Expansion',
    amount: -2500,
    balanceBefore: 3200,
    changedAt: '2025-06-12T14:05:00Z',
  },
  {
    noteKey: 'investor.sample.notes.interest',
    venture: 'Nairobi Solar Microgrid',
    amount: 37.5,
    balanceBefore: 3162.5,
    changedAt: '2025-06-01T08:00:00Z',
  },
  {
    noteKey: 'investor.sample.notes.withdrawal',
    amount: -300,
    balanceBefore: 3462.5,
    changedAt: '2025-05-20T16:45:00Z',
  },
  {
    noteKey: 'investor.sample.notes.deposit',
    amount: 2000,
    balanceBefore: 1462.5,
    changedAt: '2025-05-02T09:15:00Z',
  },
];

export const SAMPLE_TICKETS: readonly SampleTicket[] = [
  {
    subjectKey: 'investor.sample.tickets.withdrawal',
    category: 'Payments',
    status: 'Open',
    createdAt: '2025-06-30T11:20:00Z',
  },
  {
    subjectKey: 'investor.sample.tickets.document',
    category: 'Account',
    status: 'In Progress',
    createdAt: '2025-06-18T09:40:00Z',
  },
  {
    subjectKey: 'investor.sample.tickets.login',
    category: 'Technical',
    status: 'Closed',
    createdAt: '2025-05-11T15:10:00Z',
  },
];

export const TICKET_STATUS_KEYS: Record<TicketStatus, string> = {
  Open: 'investor.tickets.status.open',
  'In Progress': 'investor.tickets.status.inProgress',
  Resolved: 'investor.tickets.status.resolved',
  Closed: 'investor.tickets.status.closed',
};

export const TICKET_CATEGORY_KEYS: Record<TicketCategory, string> = {
  Payments: 'investor.tickets.category.payments',
  Account: 'investor.tickets.category.account',
  Technical: 'investor.tickets.category.technical',
};
