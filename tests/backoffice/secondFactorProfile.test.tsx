/**
 * The second factor on the corporate profile (issue 26, lane profile2fa): a company turns it on
 * (SecondFactorSetup: secret, code, the ten recovery codes) and off (password and code), the
 * server's refusal shows translated, and an admin's profile says it is on and mandatory with no way
 * to turn it off.
 */
import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src-shared/api/http';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { ProfilePage } from '../../src-backoffice/corporate/pages/ProfilePage';
import { SecondFactorProfile } from '../../src-backoffice/components/SecondFactorProfile';

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

type Handler = (request: Request) => unknown;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API by 'METHOD /path' (a [status, body] pair or a body), recording the JSON bodies sent. */
function fakeApi(routes: Record<string, Handler>) {
  const sent: { key: string; body: unknown }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const text = await request.clone().text();
    sent.push({ key, body: text ? (JSON.parse(text) as unknown) : undefined });
    const route = routes[key];
    if (!route) return json({ message: 'Not found.', code: 'common.not_found' }, 404);
    const answer = await route(request);
    return Array.isArray(answer) ? json(answer[1], answer[0] as number) : json(answer);
  });
  // SecondFactorSetup and SecondFactorProfile call through the shared client (global fetch).
  vi.stubGlobal('fetch', fetch);
  return { fetch, bodies: (key: string) => sent.filter((s) => s.key === key).map((s) => s.body) };
}

function renderWith(api: ReturnType<typeof fakeApi>, ui: React.ReactElement) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch: api.fetch });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const dataProvider = createDataProvider({ app: 'corporate', client, i18n: i18nProvider.i18n });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <AdminContext
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          queryClient={queryClient}
        >
          {ui}
          <Notification />
        </AdminContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

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
