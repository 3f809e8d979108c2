import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findToast, jsonResponse, mockSignedIn, renderApp, setUpPageTests, type Handler } from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/VerificationPage'),
);

const MINE = 'GET /api/kyc/my-verification';
const START = 'POST /api/kyc/start-verification';
const UNDER_REVIEW = 'Your documents are being reviewed. We will e-mail you the result.';

const verification = (fields: object) => ({
  statusInOurSystem: 'not_started',
  reason: null,
  submittedAt: null,
  decidedAt: null,
  ...fields,
});

async function openVerification(handlers: Record<string, Handler>, language: 'en' | 'de' = 'en') {
  const api = mockSignedIn(handlers);
  const user = userEvent.setup();
  const rendered = renderApp('/user/verification', { language });
  return { ...rendered, ...api, user };
}

const card = () => screen.getByRole('heading', { level: 2, name: 'Verify Your Identity' }).parentElement!;

describe('investor verification (/user/verification)', () => {
  it("shows the reviewer's reason for a rejected verification and keeps Start Verification", async () => {
    await openVerification({
      [MINE]: verification({
        statusInOurSystem: 'rejected',
        reason: 'The photo of the document is blurred.',
        decidedAt: '2026-03-04T09:00:00Z',
      }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify Your Identity' })).toBeVisible();
    const notice = within(card()).getByRole('note');
    expect(notice).toHaveTextContent(
      /^Your verification was not approved: The photo of the document is blurred\.You can start a new verification with the button below\.$/,
    );
    expect(
      within(notice).getByText('Your verification was not approved: The photo of the document is blurred.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Pending review' })).not.toBeInTheDocument();
  });

  it('words a rejection without a reason', async () => {
    await openVerification({ [MINE]: verification({ statusInOurSystem: 'rejected' }) });
    expect(await screen.findByText('Your last verification was not approved.')).toBeVisible();
    expect(screen.getByText('You can start a new verification with the button below.')).toBeVisible();
  });

  it('shows documents under review as pending review, with the day they were sent and no Start button', async () => {
    const { calls } = await openVerification({
      [MINE]: verification({ statusInOurSystem: 'pending', submittedAt: '2026-03-03T10:00:00Z' }),
    });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Pending review' });
    expect(heading).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Pending review' +
        'Your documents were received on Mar 3, 2026 and are being reviewed. An administrator checks them and we will e-mail you the result.' +
        'There is nothing more to do for now. You can invest as soon as your identity is approved; if it is not, you will see the reason here and can start again.',
    );
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verify Your Identity' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the pending review in German', async () => {
    await openVerification(
      { [MINE]: verification({ statusInOurSystem: 'pending', submittedAt: '2026-03-03T10:00:00Z' }) },
      'de',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Prüfung ausstehend' })).toBeVisible();
    expect(
      screen.getByText(
        'Ihre Unterlagen sind am 03.03.2026 eingegangen und werden geprüft. Ein Administrator sieht sie durch, und wir teilen Ihnen das Ergebnis per E-Mail mit.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verifizierung starten' })).not.toBeInTheDocument();
  });

  it('says a pending verification without a submission date is being reviewed, without Start', async () => {
    await openVerification({ [MINE]: verification({ statusInOurSystem: 'pending' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Pending review' })).toBeVisible();
    expect(
      screen.getByText(
        'Your documents were received and are being reviewed. An administrator checks them and we will e-mail you the result.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('says when the identity was verified, with no Start button', async () => {
    await openVerification({
      [MINE]: verification({
        statusInOurSystem: 'complete',
        submittedAt: '2026-03-03T10:00:00Z',
        decidedAt: '2026-03-05T09:00:00Z',
      }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verified & Ready!' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Verified & Ready!Your identity is verified. You can invest in any open venture.Verified on Mar 5, 2026.',
    );
    expect(screen.queryByRole('button', { name: 'Start Verification' })).not.toBeInTheDocument();
  });

  it('keeps Start for a status check that failed, and shows the 409 of a start under review', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = await openVerification({
      [MINE]: jsonResponse(503, { message: 'Service unavailable.', code: 'common.server_error' }),
      [START]: jsonResponse(409, { message: UNDER_REVIEW, code: 'kyc.under_review' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    expect(await findToast(UNDER_REVIEW)).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows no notice for a verification not started', async () => {
    await openVerification({ [MINE]: verification({}) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify Your Identity' })).toBeVisible();
    expect(within(card()).queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeEnabled();
  });

  it("opens the link in a new tab with 'Verification link generated!'", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const url = 'http://127.0.0.1:3000/kyc/abc';
    const { user, calls } = await openVerification({
      [MINE]: verification({}),
      [START]: { message: 'Verification link generated!', verificationUrl: url },
    });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    expect(await findToast('Verification link generated!')).toBeVisible();
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer');
    expect(screen.getByRole('link', { name: 'Open the verification page' })).toHaveAttribute('href', url);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("says 'No URL returned.' when the answer has no link", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = await openVerification({
      [MINE]: verification({}),
      [START]: { message: 'Verification link generated!' },
    });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    expect(await findToast('No URL returned.')).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it("prefers the server's message, else 'Error starting verification.'", async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    let answer = jsonResponse(409, {
      message: 'Your identity is already verified.',
      code: 'kyc.already_verified',
    });
    const { user } = await openVerification({ [MINE]: verification({}), [START]: () => answer });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    expect(await findToast('Your identity is already verified.')).toBeVisible();
    answer = jsonResponse(500, {});
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(await findToast('Error starting verification.')).toBeVisible();
  });

  it("counts a failed status check as pending with 'Could not check verification status'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openVerification({
      [MINE]: jsonResponse(500, { message: 'Something went wrong.', code: 'common.server_error' }),
    });
    expect(await findToast('Could not check verification status')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Verify Your Identity' })).toBeVisible();
    expect(within(card()).queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeEnabled();
  });
});
