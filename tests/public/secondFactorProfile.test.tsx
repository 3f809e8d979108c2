/**
 * The investor's second factor on the profile page (issue 26, lane profile2fa): turning it on (the
 * setup's secret and QR code, the code, the ten recovery codes shown once with copy and download),
 * the server's refusal of a wrong code in the reader's language, and turning it off with the
 * password and a code.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodiesOf,
  fill,
  findToast,
  jsonResponse,
  mockSignedIn,
  openPage,
  sampleUser,
  setUpPageTests,
  type Handler,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/ProfilePage'),
);

const SETUP = '/api/auth/2fa/setup';
const ENABLE = '/api/auth/2fa/enable';
const DISABLE = '/api/auth/2fa/disable';
const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-ef${String(i).padStart(2, '0')}`);

/** Opens /user/profile with the factor `enabled` or not; the profile call answers the current state. */
async function openProfile(enabled: boolean, handlers: Record<string, Handler> = {}) {
  const state = { enabled };
  const api = mockSignedIn({
    'GET /api/profile/get': () => ({ data: { ...sampleUser, secondFactorEnabled: state.enabled } }),
    [`POST ${SETUP}`]: {
      data: { secret: SECRET, otpauthUrl: `otpauth://totp/Afrivest:ada%40example.com?secret=${SECRET}` },
    },
    [`POST ${ENABLE}`]: () => {
      state.enabled = true;
      return { message: 'Second factor enabled.', data: { recoveryCodes: CODES } };
    },
    [`POST ${DISABLE}`]: () => {
      state.enabled = false;
      return { message: 'Second factor disabled.' };
    },
    ...handlers,
  });
  const user = userEvent.setup();
  await openPage('/user/profile', 'My Profile');
  const section = () => screen.getByRole('region', { name: 'Second factor' });
  return { ...api, user, section };
}

describe('the second factor on the investor profile', () => {
  it('is off at first and turns on: secret, QR code, code, then the ten recovery codes once', async () => {
    const { calls, user, section } = await openProfile(false);
    expect(section()).toHaveTextContent('The second factor is off.');
    await user.click(within(section()).getByRole('button', { name: 'Turn on the second factor' }));

    expect(await within(section()).findByTestId('totp-secret')).toHaveTextContent(SECRET);
    expect(await within(section()).findByRole('img', { name: /QR code/ }, { timeout: 5000 })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await fill(user, within(section()).getByLabelText(/6-digit code/), ' 123456 ');
    await user.click(within(section()).getByRole('button', { name: 'Turn on' }));

    const list = await within(section()).findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(bodiesOf(calls, 'POST', ENABLE)).toEqual([{ code: '123456' }]);
    await user.click(within(section()).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await within(section()).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(within(section()).getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'I have saved them' }));
    expect(await findToast('The second factor is on.')).toBeInTheDocument();
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is on:'));
    expect(within(section()).queryByTestId('recovery-codes')).toBeNull();
    expect(within(section()).getByRole('button', { name: 'Turn off the second factor' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong code and no recovery codes", async () => {
    const { user, section } = await openProfile(false, {
      [`POST ${ENABLE}`]: jsonResponse(400, {
        message: 'The code is not valid. Please try again.',
        code: 'auth.second_factor_invalid',
      }),
    });
    await user.click(within(section()).getByRole('button', { name: 'Turn on the second factor' }));
    await within(section()).findByTestId('totp-secret');
    await fill(user, within(section()).getByLabelText(/6-digit code/), '000000');
    await user.click(within(section()).getByRole('button', { name: 'Turn on' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'The code is not valid. Please try again.',
    );
    expect(within(section()).queryByTestId('recovery-codes')).toBeNull();
  });

  it('asks for the code before calling the server', async () => {
    const { calls, user, section } = await openProfile(false);
    await user.click(within(section()).getByRole('button', { name: 'Turn on the second factor' }));
    await within(section()).findByTestId('totp-secret');
    await user.click(within(section()).getByRole('button', { name: 'Turn on' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app.',
    );
    expect(bodiesOf(calls, 'POST', ENABLE)).toEqual([]);
  });

  it('turns off with the password and a code', async () => {
    const { calls, user, section } = await openProfile(true);
    expect(section()).toHaveTextContent('The second factor is on:');
    await user.click(within(section()).getByRole('button', { name: 'Turn off the second factor' }));
    await fill(user, within(section()).getByLabelText(/^Password/), 'secret-password');
    await fill(user, within(section()).getByLabelText(/Code or recovery code/), '654321');
    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    expect(await findToast('The second factor is off.')).toBeInTheDocument();
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is off. Turn it on'));
    expect(bodiesOf(calls, 'POST', DISABLE)).toEqual([{ password: 'secret-password', code: '654321' }]);
  });

  it("shows a wrong password's refusal when turning off, and the factor stays on", async () => {
    const { user, section } = await openProfile(true, {
      [`POST ${DISABLE}`]: jsonResponse(401, {
        message: 'Invalid email or password.',
        code: 'auth.invalid_credentials',
      }),
    });
    await user.click(within(section()).getByRole('button', { name: 'Turn off the second factor' }));
    await fill(user, within(section()).getByLabelText(/^Password/), 'wrong');
    await fill(user, within(section()).getByLabelText(/Code or recovery code/), '654321');
    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(/password/i);
    expect(within(section()).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });
});

describe('the second factor on the investor profile in German', () => {
  it('speaks German', async () => {
    mockSignedIn({ 'GET /api/profile/get': { data: { ...sampleUser, secondFactorEnabled: false } } });
    await openPage('/user/profile', 'Mein Profil', { language: 'de' });
    const section = await screen.findByRole('region', { name: 'Zweiter Faktor' });
    expect(within(section).getByRole('button', { name: 'Zweiten Faktor einschalten' })).toBeInTheDocument();
  });
});
