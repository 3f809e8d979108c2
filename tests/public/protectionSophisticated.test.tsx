import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProtectionProfile, SophisticatedRequest } from '../../src-shared/contracts/protection';
import {
  findToast,
  jsonResponse,
  mockSignedIn,
  openPage,
  setUpPageTests,
  type ApiCall,
  type Handler,
} from './helpers';
import { ME, REQUEST, sampleProfile } from './protectionSamples';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/protection/SophisticatedPage'),
);

const PAGE = '/user/profile/investor/sophisticated';

const rejected: SophisticatedRequest = {
  _id: 'r1',
  criteria: ['income_or_portfolio', 'capital_market_transactions'],
  status: 'rejected',
  reason: 'The statement is older than a year.',
  createdAt: '2026-11-01T10:00:00Z',
  decidedAt: '2026-11-03T10:00:00Z',
  evidence: { name: 'old.pdf', mimeType: 'application/pdf', size: 1000 },
};

/** The server's side: a request sent becomes the pending request of GET /api/protection/me. */
function server(start: Partial<ProtectionProfile> = {}) {
  let profile = sampleProfile(start);
  const handlers: Record<string, Handler> = {
    [`GET ${ME}`]: () => ({ data: profile }),
    [`POST ${REQUEST}`]: (call: ApiCall) => {
      profile = {
        ...profile,
        sophisticatedRequest: {
          _id: 'r2',
          criteria: call.form?.getAll('criteria') as SophisticatedRequest['criteria'],
          status: 'pending',
          reason: null,
          createdAt: '2026-11-22T10:00:00Z',
          decidedAt: null,
          evidence: { name: 'statement.pdf', mimeType: 'application/pdf', size: 4 },
        },
      };
      return jsonResponse(201, { message: 'Request sent.', data: profile.sophisticatedRequest });
    },
  };
  return handlers;
}

async function openRequest(handlers: Record<string, Handler> = server()) {
  const api = mockSignedIn(handlers);
  // Accept checks are react-dropzone's job here, so the picker lets any file through.
  const user = userEvent.setup({ applyAccept: false });
  const rendered = await openPage(PAGE, 'Sophisticated investor status');
  return { ...rendered, ...api, user };
}

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
const evidenceInput = () => screen.getByLabelText('Evidence', { selector: 'input' });
const send = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Send my request' }));
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === REQUEST);

describe('the request to be treated as sophisticated (/user/profile/investor/sophisticated, Annex II)', () => {
  it('lists the criteria of natural and legal persons apart, with the amounts, and what is given up', async () => {
    await openRequest();
    const natural = within(await screen.findByRole('group', { name: 'As a natural person' }));
    expect(natural.getAllByRole('checkbox')).toHaveLength(4);
    expect(
      natural.getByRole('checkbox', {
        name: 'I have a gross income of at least €60,000 per fiscal year, or a portfolio of cash deposits and financial instruments worth more than €100,000.',
      }),
    ).not.toBeChecked();
    const legal = within(
      screen.getByRole('group', { name: 'For a company (legal person) you invest through' }),
    );
    expect(legal.getAllByRole('checkbox')).toHaveLength(3);
    expect(
      legal.getByRole('checkbox', { name: 'The company has a net turnover of at least €2,000,000.' }),
    ).toBeInTheDocument();

    const givenUp = within(screen.getByRole('region', { name: 'The protections you give up' }));
    expect(givenUp.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'no knowledge test and no loss simulation before investing;',
      'no risk warning and no request for your explicit consent when an investment is above your warning threshold;',
      'no reflection period: you cannot revoke an investment within 4 days without giving a reason.',
    ]);
    expect(givenUp.getByText(/Art\. 21 and 22/)).toBeVisible();
  });

  it('asks for two criteria, the evidence and the confirmation before sending anything', async () => {
    const { user, calls } = await openRequest();
    await user.click(await screen.findByRole('checkbox', { name: /^I have worked in the financial sector/ }));
    await send(user);
    const criterion = screen.getByRole('checkbox', { name: /^I have worked in the financial sector/ });
    expect(criterion).toHaveAccessibleDescription('Claim at least two of the criteria.');
    expect(screen.getByRole('checkbox', { name: /^I have a gross income/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Evidence' })).toHaveAccessibleDescription(
      /Add your evidence \(an image or a PDF\)\.$/,
    );
    expect(
      screen.getByRole('checkbox', { name: /^I understand that I give up these protections/ }),
    ).toHaveAccessibleDescription('Please confirm that you understand the protections you give up.');
    expect(posts(calls)).toEqual([]);
  });

  it('refuses evidence that is not an image or a PDF, saying why', async () => {
    const { user } = await openRequest();
    await screen.findByRole('button', { name: 'Evidence' });
    await user.upload(evidenceInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText(
        '“notes.txt” was not accepted: the evidence must be a JPEG, PNG or WebP image or a PDF.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Chosen file/)).not.toBeInTheDocument();
  });

  it('sends the criteria and the evidence as one multipart request, then shows it pending', async () => {
    const { user, calls } = await openRequest();
    // Clicked in another order than Annex II's: sent in Annex II's order.
    await user.click(await screen.findByRole('checkbox', { name: /^I have carried out transactions/ }));
    await user.click(screen.getByRole('checkbox', { name: /^I have a gross income/ }));
    await user.upload(evidenceInput(), pdf('statement.pdf'));
    expect(await screen.findByText('Chosen file: statement.pdf')).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', { name: /^I understand that I give up these protections/ }),
    );
    await send(user);

    expect(await findToast('Your request is sent. Our team will review it.')).toBeVisible();
    const [post] = posts(calls);
    expect(post?.form?.getAll('criteria')).toEqual(['income_or_portfolio', 'capital_market_transactions']);
    expect((post?.form?.get('evidence') as File).name).toBe('statement.pdf');
    expect(await screen.findByText('Request waiting for a decision (sent on Nov 22, 2026).')).toBeVisible();
    expect(
      screen.getByText(
        'Sent on Nov 22, 2026, criteria claimed: Income or portfolio; Capital market transactions.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send my request' })).not.toBeInTheDocument();
  });

  it('after a rejection: the reason, and the form for a new request', async () => {
    await openRequest(server({ sophisticatedRequest: rejected }));
    expect(await screen.findByText('Request rejected on Nov 3, 2026.')).toBeVisible();
    expect(screen.getByText('Reason: The statement is older than a year.')).toBeVisible();
    expect(screen.getByText('You can send a new request below.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send my request' })).toBeVisible();
  });

  it('once accepted: the category, and no form', async () => {
    await openRequest(
      server({
        category: 'sophisticated',
        missing: [],
        sophisticatedRequest: { ...rejected, status: 'accepted', reason: 'Checked.' },
      }),
    );
    expect(await screen.findByText('You are treated as a sophisticated investor.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send my request' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal by its code", async () => {
    const { user } = await openRequest({
      ...server(),
      [`POST ${REQUEST}`]: jsonResponse(409, {
        code: 'protection.request_pending',
        message: 'A request is already waiting for a decision.',
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: /^I have carried out transactions/ }));
    await user.click(screen.getByRole('checkbox', { name: /^I have a gross income/ }));
    await user.upload(evidenceInput(), pdf('statement.pdf'));
    await user.click(
      screen.getByRole('checkbox', { name: /^I understand that I give up these protections/ }),
    );
    await send(user);
    expect(await findToast('A request is already waiting for a decision.')).toBeVisible();
  });
});
