import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FundingBar } from '../../src-public/ventures/FundingBar';
import {
  daysLeft,
  fundedPercent,
  fundedPercentLabel,
  fundedShare,
  fundingSplit,
  riskScore,
  ventureAvailability,
} from '../../src-shared/rules/ventureProgress';
import { renderWithProviders } from './helpers';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('funded share (spec 9: amountFunded / targetAmount, 0 without a target)', () => {
  it('is the funded share in percent', () => {
    expect(fundedShare(25_000, 100_000)).toBe(25);
    expect(fundedShare(0, 100_000)).toBe(0);
    expect(fundedShare(100_000, 100_000)).toBe(100);
  });

  it('is 0 when there is no target (0, missing, negative or not a number)', () => {
    expect(fundedShare(500, 0)).toBe(0);
    expect(fundedShare(500, undefined)).toBe(0);
    expect(fundedShare(500, -10)).toBe(0);
    expect(fundedShare(500, Number.NaN)).toBe(0);
    expect(fundedShare(500, '1000')).toBe(0);
  });

  it('reads a missing or negative amount funded as 0', () => {
    expect(fundedShare(undefined, 1000)).toBe(0);
    expect(fundedShare(-50, 1000)).toBe(0);
  });

  it('is not capped for an over-funded venture, but the bar width is', () => {
    expect(fundedShare(120_000, 100_000)).toBe(120);
    expect(fundedPercent(120_000, 100_000)).toBe(100);
  });

  it('is rounded down for the text so 100% only shows once the target is reached', () => {
    expect(fundedPercentLabel(99_600, 100_000)).toBe(99);
    expect(fundedPercentLabel(1, 3)).toBe(33);
    expect(fundedPercentLabel(100_000, 100_000)).toBe(100);
    expect(fundedPercentLabel(0.29 * 100, 100)).toBe(29); // 28.999999999999996 in floating point
    expect(fundedPercentLabel(120, 100)).toBe(120);
  });
});

describe('days left (spec 9: days until closingDate, rounded up, minimum 0)', () => {
  it('rounds a part of a day up', () => {
    expect(daysLeft(new Date(NOW + 1).toISOString(), NOW)).toBe(1);
    expect(daysLeft(new Date(NOW + DAY).toISOString(), NOW)).toBe(1);
    expect(daysLeft(new Date(NOW + DAY + 1).toISOString(), NOW)).toBe(2);
    expect(daysLeft(new Date(NOW + 10 * DAY - 60_000).toISOString(), NOW)).toBe(10);
  });

  it('is 0 at and after the closing date', () => {
    expect(daysLeft(new Date(NOW).toISOString(), NOW)).toBe(0);
    expect(daysLeft(new Date(NOW - 1).toISOString(), NOW)).toBe(0);
    expect(daysLeft('2020-01-01T00:00:00Z', NOW)).toBe(0);
  });

  it('is 0 for a missing or unreadable date', () => {
    expect(daysLeft(undefined, NOW)).toBe(0);
    expect(daysLeft(null, NOW)).toBe(0);
    expect(daysLeft('', NOW)).toBe(0);
    expect(daysLeft('not a date', NOW)).toBe(0);
  });

  it('uses the current time by default', () => {
    expect(daysLeft(new Date(Date.now() + 3 * DAY - 1000).toISOString())).toBe(3);
  });
});

describe('doughnut split and risk score', () => {
  it('splits funded and remaining with whole percentages that add up to 100', () => {
    expect(fundingSplit(25_000, 100_000)).toEqual({
      funded: 25_000,
      remaining: 75_000,
      fundedPercent: 25,
      remainingPercent: 75,
    });
    expect(fundingSplit(1, 3)).toMatchObject({ fundedPercent: 33, remainingPercent: 67 });
    expect(fundingSplit(120, 100)).toEqual({
      funded: 120,
      remaining: 0,
      fundedPercent: 100,
      remainingPercent: 0,
    });
    expect(fundingSplit(0, 0)).toEqual({ funded: 0, remaining: 0, fundedPercent: 0, remainingPercent: 0 });
  });

  it('maps low, medium and high to 1, 2 and 3', () => {
    expect([riskScore('low'), riskScore('medium'), riskScore('high')]).toEqual([1, 2, 3]);
    expect(riskScore('extreme')).toBeNull();
    expect(riskScore(undefined)).toBeNull();
  });
});

describe('<FundingBar> (issue 30: the filled part is exactly the share, on a neutral track)', () => {
  function segments(container: HTMLElement) {
    return [...container.querySelectorAll<HTMLElement>('[data-segment]')].map((segment) => ({
      name: segment.dataset.segment,
      width: getComputedStyle(segment).width,
    }));
  }

  it('is a progressbar named by the funded percentage, its filled part the share', () => {
    const { container } = renderWithProviders(<FundingBar amountFunded={25_000} targetAmount={100_000} />);
    const bar = screen.getByRole('progressbar', { name: '25% funded' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(segments(container)).toEqual([{ name: 'funded', width: '25%' }]);
    expect(screen.getByText('25% funded')).toBeInTheDocument();
  });

  it.each([
    { percent: 0, width: '0%' },
    { percent: 1, width: '1%' },
    { percent: 50, width: '50%' },
  ])('fills exactly $width of the track, nothing else coloured', ({ percent, width }) => {
    const { container } = renderWithProviders(
      <FundingBar amountFunded={percent * 1_000} targetAmount={100_000} />,
    );
    expect(segments(container)).toEqual([{ name: 'funded', width }]);
    const track = screen.getByRole('progressbar');
    // the track is a neutral grey (equal red, green and blue), not a tint of the funded green
    const [red, green, blue] = getComputedStyle(track).backgroundColor.match(/\d+/g)!.map(Number);
    expect(red).toBe(green);
    expect(green).toBe(blue);
  });

  it('reports 0% without a target and caps the drawing of an over-funded venture', () => {
    const { container, unmount } = renderWithProviders(<FundingBar amountFunded={500} targetAmount={0} />);
    expect(screen.getByRole('progressbar', { name: '0% funded' })).toHaveAttribute('aria-valuenow', '0');
    expect(segments(container)).toEqual([{ name: 'funded', width: '0%' }]);
    unmount();

    const over = renderWithProviders(<FundingBar amountFunded={1_200} targetAmount={1_000} />);
    const bar = screen.getByRole('progressbar', { name: '120% funded' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(segments(over.container)).toEqual([{ name: 'funded', width: '100%' }]);
  });

  it('says how much is raised of the target and by how many investors (issue 30, item 13)', () => {
    const { unmount } = renderWithProviders(
      <FundingBar amountFunded={25_000.5} targetAmount={100_000} investorCount={1} />,
    );
    expect(screen.getByText('€25,000.50 raised of €100,000')).toBeInTheDocument();
    expect(screen.getByText('1 investor')).toBeInTheDocument();
    unmount();
    renderWithProviders(<FundingBar amountFunded={0} targetAmount={50_000} investorCount={0} />, {
      language: 'de',
    });
    expect(screen.getByText('0 € von 50.000 € finanziert')).toBeInTheDocument();
    expect(screen.getByText('Noch keine Investoren')).toBeInTheDocument();
  });

  it('speaks the reader’s language', () => {
    renderWithProviders(<FundingBar amountFunded={1} targetAmount={2} />, { language: 'de' });
    expect(screen.getByRole('progressbar')).toHaveAccessibleName(/50/);
  });
});

describe('venture availability (INVEST, or the badge and the reason why not)', () => {
  const now = new Date(NOW);
  const OPEN = {
    adminStatus: 'approved',
    visibility: 'public',
    lifecycleStatus: 'new',
    goesLiveAt: new Date(NOW - DAY).toISOString(),
    closingDate: new Date(NOW + 10 * DAY).toISOString(),
    amountFunded: 25_000,
    targetAmount: 100_000,
  };
  const of = (change: Record<string, unknown>) => ventureAvailability({ ...OPEN, ...change }, now);

  it('is open while approved, new, live and before its closing date with money left to fund', () => {
    expect(of({})).toEqual({ open: true, reason: null, badge: null });
    // A public answer without the admin fields is not held against it.
    expect(of({ adminStatus: undefined, visibility: undefined })).toMatchObject({ open: true });
  });

  it('names funded, repaid, coming soon and closed, each with its badge', () => {
    expect(of({ lifecycleStatus: 'funded' })).toEqual({ open: false, reason: 'funded', badge: 'funded' });
    expect(of({ lifecycleStatus: 'repaid' })).toEqual({ open: false, reason: 'repaid', badge: 'repaid' });
    expect(of({ amountFunded: 100_000 })).toEqual({ open: false, reason: 'funded', badge: 'funded' });
    expect(of({ lifecycleStatus: 'coming-soon', goesLiveAt: null })).toEqual({
      open: false,
      reason: 'comingSoon',
      badge: 'comingSoon',
    });
    expect(of({ goesLiveAt: new Date(NOW + DAY).toISOString() })).toMatchObject({ reason: 'comingSoon' });
    expect(of({ closingDate: new Date(NOW - 1).toISOString() })).toEqual({
      open: false,
      reason: 'closed',
      badge: 'closed',
    });
    expect(of({ closingDate: null })).toMatchObject({ reason: 'closed' });
  });

  it('is not open, without a status badge, when not approved, a draft or cancelled', () => {
    for (const change of [
      { adminStatus: 'pending' },
      { adminStatus: 'rejected' },
      { visibility: 'draft' },
      { cancelledAt: new Date(NOW - DAY).toISOString() },
    ])
      expect(of(change)).toEqual({ open: false, reason: 'notApproved', badge: null });
    // Funded or repaid says so even for a venture its owner sees before approval.
    expect(of({ adminStatus: 'pending', lifecycleStatus: 'funded' })).toMatchObject({ badge: 'funded' });
  });
});
