/**
 * /user/statements (issue 28; API contract, "Statements"): the years with activity, each with its PDF
 * (in the page's language) and CSV; the transactions export's two dates, checked as the server
 * checks them, with the range spelled out before the download; the investments CSV here and on
 * /user/investments; the tab in the investor area; German texts.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rangeProblem } from '../../src-shared/rules/statements';
import { mockSignedIn, openPage, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/statements/StatementsPage'),
  () => import('../../src-public/investor/InvestmentsPage'),
);

const YEARS = { data: { years: [2027, 2026], firstDay: '2026-03-14', today: '2027-06-30' } };

describe('the statements page', () => {
  it('lists the years with activity with their PDF and CSV, the running year marked', async () => {
    mockSignedIn({ 'GET /api/statements/years': YEARS });
    await openPage('/user/statements', 'Statements');
    const list = await screen.findByRole('list', { name: 'Annual statements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['2027 (to date)PDFCSV', '2026PDFCSV']);
    expect(screen.getByRole('link', { name: 'Download the 2026 statement as PDF' })).toHaveAttribute(
      'href',
      '/api/statements/annual?year=2026&format=pdf&lang=en',
    );
    expect(screen.getByRole('link', { name: 'Download the 2026 statement as CSV' })).toHaveAttribute(
      'href',
      '/api/statements/annual?year=2026&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Download investments (CSV)' })).toHaveAttribute(
      'href',
      '/api/statements/investments?format=csv',
    );
    // The investor area's tab.
    expect(screen.getByRole('link', { name: 'Statements' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when there is no activity yet', async () => {
    mockSignedIn({
      'GET /api/statements/years': { data: { years: [], firstDay: null, today: '2027-06-30' } },
    });
    await openPage('/user/statements', 'Statements');
    expect(
      await screen.findByText('No activity yet: statements appear once money moves on your account.'),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Annual statements' })).toBeNull();
  });

  it('reviews the transactions range and refuses what the server would refuse', async () => {
    mockSignedIn({ 'GET /api/statements/years': YEARS });
    await openPage('/user/statements', 'Statements');
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2027-01-01');
    expect(to).toHaveValue('2027-06-30');
    const status = screen.getAllByRole('status').find((s) => s.textContent?.startsWith('From'))!;
    expect(status).toHaveTextContent('From Jan 1, 2027 to Jun 30, 2027: 181 days.');
    const download = () => screen.getByText('Download transactions (CSV)').closest('a, button')!;
    expect(download()).toHaveAttribute(
      'href',
      '/api/statements/transactions?from=2027-01-01&to=2027-06-30&format=csv',
    );

    fireEvent.change(from, { target: { value: '2027-07-01' } });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeVisible();
    expect(download()).not.toHaveAttribute('href');
    expect(download()).toBeDisabled();

    fireEvent.change(from, { target: { value: '2022-06-30' } });
    expect(await screen.findByText(/at most 5 years/)).toBeVisible();
    fireEvent.change(from, { target: { value: '2022-07-01' } });
    expect(await screen.findByText('From Jul 1, 2022 to Jun 30, 2027: 1,826 days.')).toBeVisible();

    fireEvent.change(to, { target: { value: '' } });
    expect(await screen.findByText('Please choose two dates.')).toBeVisible();
    fireEvent.change(from, { target: { value: '2027-06-30' } });
    fireEvent.change(to, { target: { value: '2027-06-30' } });
    expect(await screen.findByText('From Jun 30, 2027 to Jun 30, 2027: 1 day.')).toBeVisible();
  });

  it('reads in German with German dates, and asks for the PDF in German', async () => {
    mockSignedIn({ 'GET /api/statements/years': YEARS });
    await openPage('/user/statements', 'Auszüge', { language: 'de' });
    expect(await screen.findByRole('link', { name: 'Auszug 2027 als PDF herunterladen' })).toHaveAttribute(
      'href',
      '/api/statements/annual?year=2027&format=pdf&lang=de',
    );
    expect(screen.getByText('Vom 01.01.2027 bis 30.06.2027: 181 Tage.')).toBeVisible();
  });

  it('offers the investments CSV on /user/investments', async () => {
    mockSignedIn({
      'GET /api/investments/my-investments': {
        data: [
          {
            _id: 'i1',
            venture: { _id: 'v1', title: 'Solar kiosks' },
            amount: 100,
            profitPaid: 0,
            status: 'invested',
            totalExpectedReturn: 12,
            investmentDate: '2026-01-10T10:00:00Z',
            revocableUntil: null,
            loanStatus: null,
            daysLate: 0,
            outstandingPrincipal: 100,
            nextPaymentDate: null,
            receivedPrincipal: 0,
            receivedInterest: 0,
            receivedLateInterest: 0,
            serviceFees: 0,
            writtenOff: 0,
          },
        ],
      },
    });
    await openPage('/user/investments', 'My Investments');
    expect(await screen.findByRole('link', { name: 'Download investments (CSV)' })).toHaveAttribute(
      'href',
      '/api/statements/investments?format=csv',
    );
  });
});

describe('the range rule shared with the server', () => {
  it('takes real days, from not after to, less than 5 years', () => {
    expect(rangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe('dateInvalid');
    expect(rangeProblem('2026-13-01', '2026-03-01')).toBe('dateInvalid');
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('rangeInvalid');
    expect(rangeProblem('2021-03-01', '2026-03-01')).toBe('rangeTooLong');
    expect(rangeProblem('2021-03-02', '2026-03-01')).toBeNull();
  });
});
