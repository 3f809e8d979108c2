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
  });

  it('words a rejection without a reason', async () => {
    await openVerification({ [MINE]: verification({ statusInOurSystem: 'rejected' }) });
    expect(await screen.findByText('Your last verification was not approved.')).toBeVisible();
    expect(screen.getByText('You can start a new verification with the button below.')).toBeVisible();
  });

  it('says documents sent for review are being reviewed, and shows the 409 of a new start', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = await openVerification({
      [MINE]: verification({ statusInOurSystem: 'pending', submittedAt: '2026-03-03T10:00:00Z' }),
      [START]: jsonResponse(409, { message: UNDER_REVIEW, code: 'kyc.under_review' }),
    });
    expect(
      await screen.findByText(
        'Your documents were received on Mar 3, 2026 and are being reviewed. We will e-mail you the result.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(await findToast(UNDER_REVIEW)).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the review notice and the 409 in German', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = await openVerification(
      {
        [MINE]: verification({ statusInOurSystem: 'pending', submittedAt: '2026-03-03T10:00:00Z' }),
        [START]: jsonResponse(409, { message: UNDER_REVIEW, code: 'kyc.under_review' }),
      },
      'de',
    );
    expect(
      await screen.findByText(
        'Ihre Unterlagen sind am 03.03.2026 eingegangen und werden geprüft. Wir teilen Ihnen das Ergebnis per E-Mail mit.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Verifizierung starten' }));
    expect(
      await findToast('Ihre Unterlagen werden geprüft. Wir teilen Ihnen das Ergebnis per E-Mail mit.'),
    ).toBeVisible();
  });

  it('says a pending verification without a submission date is being reviewed', async () => {
    await openVerification({ [MINE]: verification({ statusInOurSystem: 'pending' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify Your Identity' })).toBeVisible();
    expect(within(card()).getByRole('note')).toHaveTextContent(
      /^Your verification is being reviewed\. We will e-mail you when it is done\.$/,
    );
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeEnabled();
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
