import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  bodiesOf,
  fill,
  findToast,
  jsonResponse,
  mockApi,
  openPage,
  renderApp,
  setUpPageTests,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/auth/pages/VerifyEmailPage'),
  () => import('../../src-public/auth/pages/ForgotPasswordPage'),
  () => import('../../src-public/auth/pages/ResetPasswordPage'),
  () => import('../../src-public/auth/pages/LoginPage'),
);

const VERIFY = '/api/auth/verify-email';
const RESEND = '/api/auth/resend-verification-token';
const FORGOT = '/api/auth/forgot-password';
const RESET = '/api/auth/reset-password';

/** Fake timers that still follow the real clock, so user-event and findBy* keep working while the
 * 3-second redirect can be stepped through exactly. */
function stepTimers(): UserEvent {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

function openVerify(entry = '/verify-email?email=ada%40example.com') {
  return openPage(entry, 'Verify Your Email');
}

describe('verify email (/verify-email?email=)', () => {
  it("requires the code: 'Email and OTP are required.'", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openVerify();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email and OTP are required\.$/);
    expect(calls).toHaveLength(0);
  });

  it("requires the e-mail address too when the link has none: 'Email and OTP are required.'", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openVerify('/verify-email');
    await fill(user, screen.getByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email and OTP are required\.$/);
    expect(calls).toHaveLength(0);
  });

  it("posts { email, token }, shows 'Email verified successfully.' and goes to /login after 3 s", async () => {
    const user = stepTimers();
    const { calls } = mockApi({ [`POST ${VERIFY}`]: { message: 'Email verified successfully.' } });
    const { router } = await openVerify();
    await fill(user, screen.getByLabelText(/Verification code/), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email verified successfully\.$/);
    expect(bodiesOf(calls, 'POST', VERIFY)).toEqual([{ email: 'ada@example.com', token: '123456' }]);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(2500));
    expect(router.state.location.pathname).toBe('/verify-email');
    act(() => vi.advanceTimersByTime(600));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('uses the e-mail typed in when the link has none', async () => {
    const { calls } = mockApi({ [`POST ${VERIFY}`]: {} });
    const user = userEvent.setup();
    await openVerify('/verify-email');
    await fill(user, screen.getByLabelText(/^Email/), ' kwame@example.com ');
    await fill(user, screen.getByLabelText(/Verification code/), '000111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // No message from the server: our own success text.
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email verified successfully\.$/);
    expect(bodiesOf(calls, 'POST', VERIFY)).toEqual([{ email: 'kwame@example.com', token: '000111' }]);
  });

  it("shows the server's refusal, then 'Email verification failed.' without a message", async () => {
    let answer = jsonResponse(400, {
      message: 'Invalid or expired code.',
      code: 'auth.invalid_code',
      errors: { token: 'Invalid or expired code.' },
      codes: { token: 'auth.invalid_code' },
    });
    mockApi({ [`POST ${VERIFY}`]: () => answer });
    const user = userEvent.setup();
    const { router } = await openVerify();
    await fill(user, screen.getByLabelText(/Verification code/), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid or expired code\.$/);
    expect(screen.getByLabelText(/Verification code/)).toHaveAccessibleDescription(
      'Invalid or expired code.',
    );

    answer = jsonResponse(400, {
      message: 'Too many wrong codes. Please request a new one.',
      code: 'auth.code_burnt',
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await findToast('Too many wrong codes. Please request a new one.')).toBeVisible();

    answer = jsonResponse(500, {});
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await findToast('Email verification failed.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it("Resend OTP posts { email } and shows 'Verification email resent.'", async () => {
    const { calls } = mockApi({ [`POST ${RESEND}`]: { message: 'Verification email resent.' } });
    const user = userEvent.setup();
    await openVerify();
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Verification email resent\.$/);
    expect(bodiesOf(calls, 'POST', RESEND)).toEqual([{ email: 'ada@example.com' }]);
  });

  it("Resend OTP without an e-mail address shows 'Missing email address.' and sends nothing", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openVerify('/verify-email');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Missing email address\.$/);
    expect(calls).toHaveLength(0);
  });

  it("Resend OTP shows the server's 429 message, else 'Failed to resend verification email.'", async () => {
    let answer = jsonResponse(429, {
      message: 'Please wait a minute before requesting another code.',
      code: 'auth.resend_too_soon',
    });
    mockApi({ [`POST ${RESEND}`]: () => answer });
    const user = userEvent.setup();
    await openVerify();
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Please wait a minute before requesting another code\.$/,
    );
    answer = jsonResponse(502, {});
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await findToast('Failed to resend verification email.')).toBeVisible();
  });
});

describe('forgot password (/forgot-password)', () => {
  async function openForgot() {
    await openPage('/forgot-password', 'Forgot Password');
  }

  it("shows 'Email is required.' for an empty or blank address and sends nothing", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openForgot();
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email is required\.$/);
    await fill(user, screen.getByLabelText(/^Email/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(calls).toHaveLength(0);
  });

  it("posts the trimmed { email }, clears the field and shows 'Reset link sent. Check your email.'", async () => {
    const { calls } = mockApi({ [`POST ${FORGOT}`]: { message: 'Reset link sent. Check your email.' } });
    const user = userEvent.setup();
    await openForgot();
    await fill(user, screen.getByLabelText(/^Email/), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Reset link sent\. Check your email\.$/);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Reset link sent\. Check your email\.$/);
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
    expect(bodiesOf(calls, 'POST', FORGOT)).toEqual([{ email: 'ada@example.com' }]);
  });

  it("shows the server's message, else 'Failed to send email.', and keeps the address", async () => {
    let answer = jsonResponse(429, {
      message: 'Too many requests. Please try again later.',
      code: 'common.too_many_requests',
    });
    mockApi({ [`POST ${FORGOT}`]: () => answer });
    const user = userEvent.setup();
    await openForgot();
    await fill(user, screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many requests\. Please try again later\.$/,
    );
    answer = jsonResponse(500, {});
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await findToast('Failed to send email.')).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('reset password (/reset-password?email=)', () => {
  const openReset = () => openPage('/reset-password?email=ada%40example.com', 'Reset Password');
  const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Reset Password' }));

  it("without an email parameter shows 'Invalid reset link.' and goes to /forgot-password", async () => {
    const { calls } = mockApi();
    const { router } = renderApp('/reset-password?token=123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid reset link\.$/);
    expect(calls).toHaveLength(0);
  });

  it('checks the code, then the confirmation, then the 8-character minimum, one message at a time', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openReset();
    await fill(user, screen.getByLabelText(/New password/), 'abc');
    await fill(user, screen.getByLabelText(/Confirm password/), 'abd');

    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email and OTP are required\.$/);
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Reset code/), '654321');
    await submit(user);
    expect(await findToast('Passwords do not match.')).toBeVisible();
    expect(screen.getByLabelText(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
    expect(screen.queryByText('Password must be at least 8 characters.')).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Confirm password/), 'abc');
    await submit(user);
    expect(await findToast('Password must be at least 8 characters.')).toBeVisible();
    expect(screen.getByLabelText(/New password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters.',
    );
    expect(calls).toHaveLength(0);
  });

  it("posts { email, token, newPassword }, shows 'Password reset successful.' and goes to /login after 3 s", async () => {
    const user = stepTimers();
    const { calls } = mockApi({ [`POST ${RESET}`]: { message: 'Password reset successful.' } });
    const { router } = await openReset();
    await fill(user, screen.getByLabelText(/Reset code/), ' 654321 ');
    // Eight characters at reset as at registration (issue 26, finding 3).
    await fill(user, screen.getByLabelText(/New password/), 'violet-harbour');
    await fill(user, screen.getByLabelText(/Confirm password/), 'violet-harbour');
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password reset successful\.$/);
    expect(bodiesOf(calls, 'POST', RESET)).toEqual([
      { email: 'ada@example.com', token: '654321', newPassword: 'violet-harbour' },
    ]);
    act(() => vi.advanceTimersByTime(2500));
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(600));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  it("shows the server's refusal of a common password on the field, in the reader's language", async () => {
    mockApi({
      [`POST ${RESET}`]: jsonResponse(400, {
        message:
          'This password is too common: it is on a list of passwords used by many people. Please choose another.',
        code: 'input.password_common',
        errors: {
          newPassword:
            'This password is too common: it is on a list of passwords used by many people. Please choose another.',
        },
        codes: { newPassword: 'input.password_common' },
      }),
    });
    const user = userEvent.setup();
    await openReset();
    await fill(user, screen.getByLabelText(/Reset code/), '111111');
    await fill(user, screen.getByLabelText(/New password/), 'password1');
    await fill(user, screen.getByLabelText(/Confirm password/), 'password1');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByLabelText(/New password/)).toHaveAccessibleDescription(
        /^This password is too common/,
      ),
    );
  });

  it("shows the server's message, else 'Reset failed.'", async () => {
    let answer = jsonResponse(400, { message: 'Invalid or expired code.', code: 'auth.invalid_code' });
    mockApi({ [`POST ${RESET}`]: () => answer });
    const user = userEvent.setup();
    const { router } = await openReset();
    await fill(user, screen.getByLabelText(/Reset code/), '111111');
    await fill(user, screen.getByLabelText(/New password/), 'abcdefgh');
    await fill(user, screen.getByLabelText(/Confirm password/), 'abcdefgh');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid or expired code\.$/);
    answer = jsonResponse(500, {});
    await submit(user);
    expect(await findToast('Reset failed.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
