/**
 * The company's transactions export on its Funding page (issue 28; API contract, "Statements"): the
 * dates from GET /api/statements/years (this business year so far), the range checked by the
 * server's own rule and spelled out, the download link to GET /api/statements/transactions.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransactionsExport } from '../../src-backoffice/corporate/funding/TransactionsExport';
import { fakeApi, renderWith } from './corporateHarness';

const years = { data: { years: [2027], firstDay: '2027-02-10', today: '2027-06-30' } };
const link = () => screen.getByText('Download transactions (CSV)').closest('a, button')!;

describe('the company’s transactions export', () => {
  it('offers this business year so far, from the first activity, as CSV', async () => {
    renderWith(fakeApi({ 'GET /api/statements/years': () => years }), <TransactionsExport />);
    expect(await screen.findByRole('heading', { name: 'Transactions export' })).toBeInTheDocument();
    expect(await screen.findByLabelText('From')).toHaveValue('2027-02-10');
    expect(screen.getByLabelText('To')).toHaveValue('2027-06-30');
    expect(screen.getByText('From Feb 10, 2027 to Jun 30, 2027: 141 days')).toBeInTheDocument();
    expect(link()).toHaveAttribute(
      'href',
      '/api/statements/transactions?from=2027-02-10&to=2027-06-30&format=csv',
    );
  });

  it('refuses a reversed or too long range before any download', async () => {
    renderWith(fakeApi({ 'GET /api/statements/years': () => years }), <TransactionsExport />);
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '2027-07-01' } });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(link()).toBeDisabled();
    expect(link()).not.toHaveAttribute('href');
    fireEvent.change(from, { target: { value: '2022-06-30' } });
    expect(await screen.findByText(/at most 5 years/)).toBeInTheDocument();
    fireEvent.change(from, { target: { value: '2027-06-30' } });
    expect(await screen.findByText('From Jun 30, 2027 to Jun 30, 2027: 1 day')).toBeInTheDocument();
  });

  it('says so when the dates cannot be loaded', async () => {
    renderWith(fakeApi({}), <TransactionsExport />);
    expect(await screen.findByText("Could not load the export's dates.")).toBeInTheDocument();
  });
});
