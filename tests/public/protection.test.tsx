import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockSignedIn, openPage, renderApp, setUpPageTests, type Handler } from './helpers';
import { ME, sampleProfile } from './protectionSamples';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/protection/ProtectionOverviewPage'),
);

const OVERVIEW = '/user/profile/investor';

/** Opens the overview and, unless the call fails, waits for the profile's state to show. */
async function openOverview(me: Handler, entry = OVERVIEW, { loads = true } = {}) {
  const api = mockSignedIn({ [`GET ${ME}`]: me });
  const rendered = await openPage(entry, 'Investor profile');
  if (loads) await screen.findByRole('region', { name: 'Before you invest' });
  return { ...rendered, ...api };
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const missingBox = () => within(screen.getByRole('region', { name: 'Before you invest' }));

describe('the investor profile overview (/user/profile/investor, EU 2020/1503 Art. 21)', () => {
  it('is a tab of the investor area, current on its pages, and Profile is not', async () => {
    await openOverview({ data: sampleProfile() });
    const nav = within(screen.getByRole('navigation', { name: 'Investor area' }));
    const tab = nav.getByRole('link', { name: 'Investor profile' });
    expect(tab).toHaveAttribute('href', OVERVIEW);
    expect(tab).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('tells a new investor what investing still needs, with a button to each step', async () => {
    await openOverview({ data: sampleProfile() });
    const missing = missingBox();
    expect(await missing.findByText('Take the knowledge test')).toBeVisible();
    expect(missing.getByText('Simulate the loss you could bear')).toBeVisible();
    expect(missing.getByRole('link', { name: 'Start' })).toHaveAttribute('href', `${OVERVIEW}/test`);

    expect(card('Your category').getByText('Non-sophisticated investor')).toBeVisible();
    expect(card('Knowledge test').getByText('Not taken yet')).toBeVisible();
    expect(card('Knowledge test').getByRole('link', { name: 'Take the test' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/test`,
    );
    expect(card('Loss simulation').getByText('Not done yet')).toBeVisible();
    expect(card('Loss simulation').getByRole('link', { name: 'Run the simulation' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/simulation`,
    );
    expect(card('Sophisticated investor status').getByText('No request sent.')).toBeVisible();
    expect(
      card('Sophisticated investor status').getByRole('link', { name: 'Request sophisticated status' }),
    ).toHaveAttribute('href', `${OVERVIEW}/sophisticated`);
    // Headings in order: the page's h1, then one h2 per part.
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Before you invest',
      'Your category',
      'Knowledge test',
      'Loss simulation',
      'Sophisticated investor status',
    ]);
  });

  it('shows each part done: the score, dates and validity, the figures of the simulation, a rejected request', async () => {
    await openOverview({
      data: sampleProfile({
        knowledgeTest: {
          status: 'passed',
          takenAt: '2026-11-20T10:00:00Z',
          validUntil: '2028-11-20T10:00:00Z',
          score: 90,
        },
        lossCapacity: { netWorth: 48000, capacity: 4800, updatedAt: '2026-11-21T09:00:00Z' },
        warningThreshold: 2400,
        sophisticatedRequest: {
          _id: 'r1',
          criteria: ['income_or_portfolio', 'capital_market_transactions'],
          status: 'rejected',
          reason: 'The statement is older than a year.',
          createdAt: '2026-11-01T10:00:00Z',
          decidedAt: '2026-11-03T10:00:00Z',
          evidence: { name: 'statement.pdf', mimeType: 'application/pdf', size: 1000 },
        },
        missing: [],
      }),
    });
    expect(await missingBox().findByText('Nothing is missing: you can invest.')).toBeVisible();
    const test = card('Knowledge test');
    expect(test.getByText('Passed')).toBeVisible();
    expect(test.getByText('90%')).toBeVisible();
    expect(test.getByText('Nov 20, 2026')).toBeVisible();
    expect(test.getByText('Nov 20, 2028')).toBeVisible();
    expect(test.getByRole('link', { name: 'Retake the test' })).toBeVisible();
    const simulation = card('Loss simulation');
    expect(simulation.getByText('€48,000.00')).toBeVisible();
    expect(simulation.getByText('€4,800.00')).toBeVisible();
    expect(simulation.getByText('€2,400.00')).toBeVisible();
    expect(simulation.getByText('Nov 21, 2026')).toBeVisible();
    expect(simulation.getByRole('link', { name: 'Update the simulation' })).toBeVisible();
    const request = card('Sophisticated investor status');
    expect(request.getByText('Request rejected on Nov 3, 2026.')).toBeVisible();
    expect(request.getByText('Reason: The statement is older than a year.')).toBeVisible();
  });

  it('after a failed test the warning is still to be acknowledged', async () => {
    await openOverview({
      data: sampleProfile({
        knowledgeTest: { status: 'failed', takenAt: '2026-11-20T10:00:00Z', validUntil: null, score: 40 },
        missing: ['risk_acknowledgement', 'loss_simulation'],
      }),
    });
    expect(await missingBox().findByText('Acknowledge the risk warning (or pass the test)')).toBeVisible();
    const test = card('Knowledge test');
    expect(test.getByText('Not passed')).toBeVisible();
    expect(test.getByText('40%')).toBeVisible();
    expect(test.getByText('Not acknowledged yet')).toBeVisible();
    expect(test.getByRole('link', { name: 'Read the warning or retake the test' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/test`,
    );
  });

  it('keeps ?next=/ventures/<id> on every step, and leads back to the venture once nothing is missing', async () => {
    let profile = sampleProfile({ missing: ['loss_simulation'] });
    const { queryClient } = await openOverview(() => ({ data: profile }), `${OVERVIEW}?next=/ventures/abc`);
    const next = `?next=${encodeURIComponent('/ventures/abc')}`;
    expect(
      await missingBox().findByText('To invest in the venture you came from, you still need to:'),
    ).toBeVisible();
    expect(missingBox().getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/simulation${next}`,
    );
    expect(card('Knowledge test').getByRole('link', { name: 'Take the test' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/test${next}`,
    );
    expect(card('Sophisticated investor status').getByRole('link')).toHaveAttribute(
      'href',
      `${OVERVIEW}/sophisticated${next}`,
    );

    profile = sampleProfile({ missing: [] });
    await queryClient.invalidateQueries();
    expect(await missingBox().findByRole('link', { name: 'Back to the venture' })).toHaveAttribute(
      'href',
      '/ventures/abc',
    );
  });

  it('follows no ?next= that leads elsewhere than a venture', async () => {
    for (const next of ['https://evil.example/ventures/abc', '//evil.example', '/user/funding']) {
      const { unmount } = await openOverview(
        { data: sampleProfile({ missing: [] }) },
        `${OVERVIEW}?next=${encodeURIComponent(next)}`,
      );
      expect(await missingBox().findByText('Nothing is missing: you can invest.')).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Back to the venture' })).not.toBeInTheDocument();
      expect(card('Knowledge test').getByRole('link')).toHaveAttribute('href', `${OVERVIEW}/test`);
      unmount();
    }
  });

  it('a sophisticated investor needs nothing and is offered no test or simulation', async () => {
    await openOverview({
      data: sampleProfile({
        category: 'sophisticated',
        missing: [],
        sophisticatedRequest: {
          _id: 'r1',
          criteria: ['income_or_portfolio', 'financial_sector_experience'],
          status: 'accepted',
          reason: 'Evidence checked.',
          createdAt: '2026-11-01T10:00:00Z',
          decidedAt: '2026-11-02T10:00:00Z',
          evidence: { name: 'statement.pdf', mimeType: 'application/pdf', size: 1000 },
        },
      }),
    });
    expect(
      await missingBox().findByText(
        'Nothing is missing: as a sophisticated investor you need neither the test nor the simulation.',
      ),
    ).toBeVisible();
    expect(card('Your category').getByText('Sophisticated investor')).toBeVisible();
    expect(card('Knowledge test').queryByRole('link')).not.toBeInTheDocument();
    expect(card('Loss simulation').queryByRole('link')).not.toBeInTheDocument();
    expect(card('Sophisticated investor status').getByText('Request accepted on Nov 2, 2026.')).toBeVisible();
    expect(
      card('Sophisticated investor status').getByRole('link', { name: 'View your request' }),
    ).toBeVisible();
  });

  it('says so when the profile cannot be loaded', async () => {
    await openOverview(jsonResponse(500, { message: 'Internal error.' }), OVERVIEW, { loads: false });
    expect(
      await screen.findByText('Your investor profile could not be loaded. Please try again later.'),
    ).toBeVisible();
  });

  it('reads in German', async () => {
    mockSignedIn({ [`GET ${ME}`]: { data: sampleProfile() } });
    renderApp(OVERVIEW, { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anlegerprofil' })).toBeVisible();
    expect(await screen.findByText('Den Kenntnistest ablegen')).toBeVisible();
    expect(screen.getByText('Nicht kundiger Anleger')).toBeVisible();
  });
});
