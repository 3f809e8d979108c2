import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../src-shared/constants/enums';
import type { ProtectionProfile } from '../../src-shared/contracts/protection';
import {
  bodiesOf,
  fill,
  findToast,
  jsonResponse,
  mockSignedIn,
  openPage,
  setUpPageTests,
  type ApiCall,
  type Handler,
} from './helpers';
import { ME, sampleProfile, SIMULATION } from './protectionSamples';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/protection/LossSimulationPage'),
);

const PAGE = '/user/profile/investor/simulation';

/** The server's side: POST stores the simulation, which GET /api/protection/me then shows. */
function server(start: Partial<ProtectionProfile> = { missing: ['loss_simulation'] }) {
  let profile = sampleProfile(start);
  const handlers: Record<string, Handler> = {
    [`GET ${ME}`]: () => ({ data: profile }),
    [`POST ${SIMULATION}`]: (call: ApiCall) => {
      const body = call.body as { annualIncome: number; liquidAssets: number; annualCommitments: number };
      const netWorth = body.annualIncome + body.liquidAssets - body.annualCommitments;
      const capacity = Math.max(0, Math.floor(netWorth * 10) / 100);
      const warningThreshold = Math.max(1000, Math.floor(netWorth * 5) / 100);
      profile = {
        ...profile,
        lossCapacity: { netWorth, capacity, updatedAt: '2026-11-21T09:00:00Z' },
        warningThreshold,
        missing: profile.missing.filter((step) => step !== 'loss_simulation'),
      };
      return { data: { netWorth, capacity, warningThreshold } };
    },
  };
  return handlers;
}

async function openSimulation(
  handlers: Record<string, Handler> = server(),
  { entry = PAGE, language = 'en' }: { entry?: string; language?: LanguageCode } = {},
) {
  const api = mockSignedIn(handlers);
  const user = userEvent.setup();
  const title = {
    en: 'Loss simulation',
    de: 'Verlustsimulation',
    es: 'Simulación de pérdidas',
    fr: 'Simulation de perte',
  };
  const rendered = await openPage(entry, title[language], { language });
  return { ...rendered, ...api, user };
}

const income = () => screen.getByRole('textbox', { name: /^Net annual income/ });
const liquid = () => screen.getByRole('textbox', { name: /^Liquid assets/ });
const commitments = () => screen.getByRole('textbox', { name: /^Annual financial commitments/ });
const live = () => within(screen.getByRole('region', { name: 'Your result' }));
/** The value next to a label in a description list. */
const figure = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the loss simulation (/user/profile/investor/simulation, EU 2020/1503 Art. 21(4))', () => {
  it('explains what counts as liquid assets and what commitments are', async () => {
    await openSimulation();
    expect(liquid()).toHaveAccessibleDescription(
      'What you could turn into cash quickly. Counts Cash, savings and deposits, listed shares and bonds, and funds you can sell quickly. Does not count Real estate, pension savings, and earlier crowdfunding investments.',
    );
    expect(commitments()).toHaveAccessibleDescription(
      'What you must pay over a year: rent or mortgage payments, loan repayments, alimony and similar commitments.',
    );
    expect(
      screen.getByText(
        /^The warning threshold is the higher of €1,000 and 5% of your net worth\. When you invest more/,
      ),
    ).toBeVisible();
  });

  it('computes net worth, the 10 % one could lose and the threshold while typing', async () => {
    const { user, calls } = await openSimulation();
    expect(figure(live(), 'Net worth')).toBe('€0.00');
    expect(figure(live(), 'Warning threshold')).toBe('€1,000.00');

    await fill(user, income(), '40000');
    await fill(user, liquid(), '20,000.50');
    await fill(user, commitments(), '12000');
    expect(figure(live(), 'Net worth')).toBe('€48,000.50');
    expect(figure(live(), 'Loss you could afford (10%)')).toBe('€4,800.05');
    // Art. 21(7): 5 % of the net worth is above EUR 1,000.
    expect(figure(live(), 'Warning threshold')).toBe('€2,400.02');
    expect(
      live().getByText(
        'You could afford to lose €4,800.05. Above €2,400.02 in one investment we will warn you.',
      ),
    ).toBeVisible();

    // Commitments above the rest: a negative net worth, nothing to lose, the EUR 1,000 floor.
    await fill(user, commitments(), '80000');
    expect(figure(live(), 'Net worth')).toBe('-€19,999.50');
    expect(figure(live(), 'Loss you could afford (10%)')).toBe('€0.00');
    expect(figure(live(), 'Warning threshold')).toBe('€1,000.00');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('reads amounts as written in German and shows euros the German way', async () => {
    const { user } = await openSimulation(server(), { language: 'de' });
    await fill(user, screen.getByRole('textbox', { name: /^Jährliches Nettoeinkommen/ }), '1.234,56');
    expect(figure(live_de(), 'Nettovermögen')).toBe('1.234,56\u00a0€');
    expect(figure(live_de(), 'Hinweisschwelle')).toBe('1.000,00\u00a0€');
  });

  it('refuses what is not an amount, and an empty field on Save, without sending', async () => {
    const { user, calls } = await openSimulation();
    await fill(user, income(), '-5');
    expect(income()).toHaveAccessibleDescription(
      'Enter an amount of 0 euros or more, with at most two decimals.',
    );
    expect(live().getByText('Enter valid amounts to see your result.')).toBeVisible();
    await fill(user, income(), '12.345');
    expect(income()).not.toHaveAccessibleDescription(/Enter an amount of 0 euros/);
    await fill(user, income(), '1.2345');
    expect(income()).toHaveAccessibleDescription(
      'Enter an amount of 0 euros or more, with at most two decimals.',
    );
    await fill(user, income(), '100000000.01');
    expect(income()).toHaveAccessibleDescription('Annual Income must be at most €100,000,000.00');
    await fill(user, income(), '50000');

    await user.click(screen.getByRole('button', { name: 'Save my simulation' }));
    expect(liquid()).toHaveAccessibleDescription(/^Enter an amount \(0 if you have none\)\./);
    expect(commitments()).toHaveAccessibleDescription('Enter an amount (0 if you have none).');
    expect(liquid()).toHaveFocus();
    expect(bodiesOf(calls, 'POST', SIMULATION)).toEqual([]);
  });

  it('saves the figures in euros and shows the stored result with its date', async () => {
    const { user, calls } = await openSimulation();
    await fill(user, income(), '40000');
    await fill(user, liquid(), '20000.5');
    await fill(user, commitments(), '0');
    await user.click(screen.getByRole('button', { name: 'Save my simulation' }));
    expect(await findToast('Your simulation is saved.')).toBeVisible();
    expect(bodiesOf(calls, 'POST', SIMULATION)).toEqual([
      { annualIncome: 40000, liquidAssets: 20000.5, annualCommitments: 0 },
    ]);
    const saved = within(await screen.findByRole('region', { name: 'Your saved simulation (Nov 21, 2026)' }));
    expect(figure(saved, 'Net worth')).toBe('€60,000.50');
    expect(figure(saved, 'Loss you could afford (10%)')).toBe('€6,000.05');
    expect(figure(saved, 'Warning threshold')).toBe('€3,000.02');
  });

  it('coming from a venture, leads back to it once nothing is missing', async () => {
    const { user } = await openSimulation(server(), { entry: `${PAGE}?next=/ventures/abc` });
    await fill(user, income(), '30000');
    await fill(user, liquid(), '5000');
    await fill(user, commitments(), '10000');
    await user.click(screen.getByRole('button', { name: 'Save my simulation' }));
    const saved = within(await screen.findByRole('region', { name: /^Your saved simulation/ }));
    expect(
      saved.getByText('Your investor profile is complete: you can now invest in the venture.'),
    ).toBeVisible();
    expect(saved.getByRole('link', { name: 'Back to the venture' })).toHaveAttribute('href', '/ventures/abc');
  });

  it("shows the server's refusal of a field by its code", async () => {
    const { user } = await openSimulation({
      ...server(),
      [`POST ${SIMULATION}`]: jsonResponse(400, {
        code: 'common.invalid_input',
        message: 'Invalid input.',
        errors: { liquidAssets: 'This amount is too large.' },
        codes: { liquidAssets: 'protection.amount_too_large' },
      }),
    });
    await fill(user, income(), '1');
    await fill(user, liquid(), '2');
    await fill(user, commitments(), '3');
    await user.click(screen.getByRole('button', { name: 'Save my simulation' }));
    expect(await findToast(/./)).toBeVisible();
    expect(liquid()).toHaveAccessibleDescription(/^This amount is too large\./);
  });
});

const live_de = () => within(screen.getByRole('region', { name: 'Ihr Ergebnis' }));
