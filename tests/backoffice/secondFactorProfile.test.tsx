/**
 * The second factor on the corporate profile (issue 26, lane profile2fa): a company turns it on
 * (SecondFactorSetup: secret, code, the ten recovery codes) and off (password and code), the
 * server's refusal shows translated, and an admin's profile says it is on and mandatory with no way
 * to turn it off.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../../src-backoffice/corporate/pages/ProfilePage';
import { SecondFactorProfile } from '../../src-backoffice/components/SecondFactorProfile';
import { fakeApi, renderWith, type Handler } from './corporateHarness';

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-ef${String(i).padStart(2, '0')}`);

const COMPANY = {
  id: 'c-1',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'company@example.com',
  phone: '+254 700 000 000',
  countryName: 'Kenya',
  city: null,
  address: 'Moi Avenue 1',
  companyName: 'Solar Kiosks Ltd',
  legalForm: 'Limited',
  registrationNumber: 'KE-1',
  registeredAddress: 'Moi Avenue 1',
  companyEmail: 'info@example.com',
  companyPhone: '+254 700 000 001',
  newsletterFrequency: 'monthly',
  transactionNotification: false,
  latestNewsNotification: false,
  role: 'corporate',
  isActive: true,
  secondFactorEnabled: false,
};

/** The corporate profile page whose profile call answers the factor's current state. */
function corporateApi(enabled: boolean, routes: Record<string, Handler> = {}) {
  const state = { enabled };
  return fakeApi({
    'GET /api/profile/get': () => ({ data: { ...COMPANY, secondFactorEnabled: state.enabled } }),
    'POST /api/auth/2fa/setup': () => ({
      data: { secret: SECRET, otpauthUrl: `otpauth://totp/Afrivest:company%40example.com?secret=${SECRET}` },
    }),
    'POST /api/auth/2fa/enable': () => {
      state.enabled = true;
      return { message: 'Second factor enabled.', data: { recoveryCodes: CODES } };
    },
    'POST /api/auth/2fa/disable': () => {
      state.enabled = false;
      return { message: 'Second factor disabled.' };
    },
    ...routes,
  });
}

const section = () => screen.getByRole('region', { name: 'Second factor' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the second factor on the corporate profile', () => {
  it('turns on: secret, code, the ten recovery codes, then the profile says it is on', async () => {
    const api = corporateApi(false);
    const user = userEvent.setup();
    renderWith(api, <ProfilePage />);
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is off.'));
    await user.click(within(section()).getByRole('button', { name: 'Turn on the second factor' }));
    expect(await within(section()).findByTestId('totp-secret')).toHaveTextContent(SECRET);
    // The company's setup does not say the factor is mandatory (that is the admins' text).
    expect(section()).not.toHaveTextContent('Admin accounts sign in with a second factor');
    await user.type(within(section()).getByLabelText(/6-digit code/), '123456');
    await user.click(within(section()).getByRole('button', { name: 'Turn on' }));
    const list = await within(section()).findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.bodies('POST /api/auth/2fa/enable')).toEqual([{ code: '123456' }]);
    await user.click(within(section()).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is on:'));
    expect(await screen.findByText('The second factor is on.')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns off with the password and a code', async () => {
    const api = corporateApi(true);
    const user = userEvent.setup();
    renderWith(api, <ProfilePage />);
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is on:'));
    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    await user.type(within(section()).getByLabelText(/^Password/), 'secret-password');
    await user.type(within(section()).getByLabelText(/Code or recovery code/), '654321');
    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is off.'));
    expect(api.bodies('POST /api/auth/2fa/disable')).toEqual([
      { password: 'secret-password', code: '654321' },
    ]);
  });

  it("shows the server's refusal of a wrong code, and the factor stays on", async () => {
    const api = corporateApi(true, {
      'POST /api/auth/2fa/disable': () => [
        400,
        { message: 'The code is not valid. Please try again.', code: 'auth.second_factor_invalid' },
      ],
    });
    const user = userEvent.setup();
    renderWith(api, <ProfilePage />);
    await waitFor(() => expect(section()).toHaveTextContent('The second factor is on:'));
    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    await user.type(within(section()).getByLabelText(/^Password/), 'secret-password');
    await user.type(within(section()).getByLabelText(/Code or recovery code/), '000000');
    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'The code is not valid. Please try again.',
    );
  });
});

describe('the second factor on an admin profile', () => {
  it('says it is on and mandatory, with no button to turn it off', async () => {
    const api = fakeApi({});
    renderWith(api, <SecondFactorProfile enabled role="admin" onChanged={() => undefined} />);
    expect(section()).toHaveTextContent('The second factor is on:');
    expect(section()).toHaveTextContent('Admin accounts always sign in with a second factor');
    expect(within(section()).queryByRole('button')).toBeNull();
  });
});
