/**
 * Spec 2.5: the overview shows fixed sample data, not fetched (the corporate overview has its own).
 * Texts are translation keys; amounts are euros.
 */
export interface SampleInvestment {
  venture: string;
  amount: number;
  profitPaid: number;
  status: 'invested' | 'completed' | 'repaid';
}

export interface SampleTransaction {
  note: string;
  changedAt: string;
  balanceBefore: number;
  amount: number;
}

export interface SampleTicket {
  subject: string;
  category: 'Payments' | 'Account' | 'Technical';
  createdAt: string;
  status: 'Open' | 'In Progress' | 'Resolved' | 'Closed';
}

export const CORPORATE_SAMPLE = {
  balance: 12500,
  expectedReturns: 1840.5,
  profitEarned: 620.25,
  investments: [
    { venture: 'Lagos Solar Microgrid', amount: 5000, profitPaid: 320.5, status: 'invested' },
    { venture: 'Nairobi Logistics Fleet', amount: 3000, profitPaid: 180, status: 'completed' },
    { venture: 'Accra Cold Storage', amount: 2000, profitPaid: 119.75, status: 'repaid' },
  ] satisfies SampleInvestment[],
  transactions: [
    {
      note: 'app.overview.sample.deposit',
      changedAt: '2025-06-28T09:15:00Z',
      balanceBefore: 7500,
      amount: 5000,
    },
    {
      note: 'app.overview.sample.repayment',
      changedAt: '2025-06-20T14:02:00Z',
      balanceBefore: 7380.25,
      amount: 119.75,
    },
    {
      note: 'app.overview.sample.investment',
      changedAt: '2025-06-02T11:40:00Z',
      balanceBefore: 9380.25,
      amount: -2000,
    },
  ] satisfies SampleTransaction[],
  tickets: [
    {
      subject: 'app.overview.sample.ticket_payout',
      category: 'Payments',
      createdAt: '2025-06-25T08:00:00Z',
      status: 'In Progress',
    },
    {
      subject: 'app.overview.sample.ticket_documents',
      category: 'Account',
      createdAt: '2025-06-10T10:30:00Z',
      status: 'Closed',
    },
  ] satisfies SampleTicket[],
};
