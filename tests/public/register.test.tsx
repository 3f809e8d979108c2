import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../src-shared/api/http';
import { AFRICAN_COUNTRIES, LEGAL_FORMS } from '../../src-shared/constants/countries';
import {
  bodiesOf,
  choose,
  fill,
  findToast,
  jsonResponse,
  mockApi,
  openPage,
  setUpPageTests,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/auth/pages/RegisterPage'),
  () => import('../../src-public/auth/pages/RegisterCorporatePage'),
  () => import('../../src-public/auth/pages/VerifyEmailPage'),
);

const REGISTER = '/api/auth/register';
const REGISTER_CORPORATE = '/api/auth/register-corporate';

const field = (label: RegExp) => screen.getByLabelText(label);

interface InvestorInput {
  email?: string;
  password?: string;
  confirm?: string;
}

/** Fills every investor field, with spaces around the texts to check the trimming. */
async function fillInvestor(user: UserEvent, input: InvestorInput = {}) {
  await fill(user, field(/First name/), '  Ada ');
  await fill(user, field(/Last name/), ' Lovelace');
  await fill(user, field(/^Email/), input.email ?? ' ada@example.com ');
  await fill(user, field(/^Phone/), '+372 5555 5555 ');
  await choose(user, /Country/, 'Estonia');
  await choose(user, /City/, 'Tartu');
  await fill(user, field(/Address/), ' Rüütli 1 ');
  await fill(user, field(/^Password/), input.password ?? 'longpassword');
  await fill(user, field(/Confirm password/), input.confirm ?? input.password ?? 'longpassword');
}

const openRegister = () => openPage('/register', 'Create Account');

const submitInvestor = (user: UserEvent) =>
  user.click(screen.getByRole('button', { name: 'Create Account' }));

const EXPECTED_INVESTOR_PAYLOAD = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+372 5555 5555',
  countryName: 'Estonia',
  city: 'Tartu',
  address: 'Rüütli 1',
  newsletterFrequency: 'monthly',
  transactionNotification: false,
  latestNewsNotification: false,
  password: 'longpassword',
};

describe('investor registration (/register)', () => {
  it('is titled Create Account and links to Login and to corporate registration', async () => {
    mockApi();
    await openRegister();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(main.getByRole('link', { name: 'Corporate registration' })).toHaveAttribute(
      'href',
      '/register-corporate',
    );
    expect(screen.getByRole('combobox', { name: /Newsletter frequency/ })).toHaveTextContent('Monthly');
    expect(screen.getByRole('checkbox', { name: 'Notify me about transactions' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send me the latest news' })).not.toBeChecked();
  });

  it('marks every empty required field and sends nothing', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openRegister();
    await fill(user, field(/First name/), '   ');
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    // first name (blank), last name, email, phone, country, city, address, password, confirmation
    expect(screen.getAllByText('This field is required.')).toHaveLength(9);
    expect(field(/First name/)).toHaveAccessibleDescription('This field is required.');
    expect(calls).toHaveLength(0);
  });

  it('checks the password length first, then the confirmation, then the e-mail, one message at a time', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user, { email: 'not-an-email', password: 'short', confirm: 'different' });

    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Password should be at least 8 characters\.$/,
    );
    expect(field(/^Password/)).toHaveAccessibleDescription('Password should be at least 8 characters.');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid email address.')).not.toBeInTheDocument();

    await fill(user, field(/^Password/), 'longpassword');
    await submitInvestor(user);
    expect(await findToast('Passwords do not match.')).toBeVisible();
    expect(field(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
    expect(screen.queryByText('Invalid email address.')).not.toBeInTheDocument();

    await fill(user, field(/Confirm password/), 'longpassword');
    await submitInvestor(user);
    expect(await findToast('Invalid email address.')).toBeVisible();
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address.');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('uses the password length message even when the e-mail is also invalid', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user, { email: 'ada@', password: '1234567' });
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Password should be at least 8 characters.');
    expect(screen.queryByText('Invalid email address.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lets the country drive the city list and clears the city when the country changes', async () => {
    mockApi();
    const user = userEvent.setup();
    await openRegister();
    expect(screen.getByRole('combobox', { name: /City/ })).toHaveAttribute('aria-disabled', 'true');
    await choose(user, /Country/, 'Estonia');
    await user.click(screen.getByRole('combobox', { name: /City/ }));
    const estonian = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(estonian).toHaveLength(10);
    expect(estonian).toContain('Tallinn');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Tartu' }));
    expect(screen.getByRole('combobox', { name: /City/ })).toHaveTextContent('Tartu');

    await choose(user, /Country/, 'Latvia');
    expect(screen.getByRole('combobox', { name: /City/ })).not.toHaveTextContent('Tartu');
    await user.click(screen.getByRole('combobox', { name: /City/ }));
    const latvian = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(latvian).toHaveLength(10);
    expect(latvian).toContain('Riga');
    expect(latvian).not.toContain('Tartu');
  });

  it('sends the trimmed payload with the defaults and without the confirmation, then opens verification', async () => {
    const { calls } = mockApi({
      [`POST ${REGISTER}`]: jsonResponse(201, {
        message: 'Registration successful! Please verify your email.',
        email: 'ada@example.com',
      }),
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration successful! Please verify your email.',
    );
    expect(bodiesOf(calls, 'POST', REGISTER)).toEqual([EXPECTED_INVESTOR_PAYLOAD]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(field(/^Email/)).toHaveValue('ada@example.com');
  });

  it('sends the chosen newsletter frequency and notifications', async () => {
    const { calls } = mockApi({ [`POST ${REGISTER}`]: jsonResponse(201, {}) });
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user);
    await choose(user, /Newsletter frequency/, 'Weekly');
    await user.click(screen.getByRole('checkbox', { name: 'Notify me about transactions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send me the latest news' }));
    await submitInvestor(user);

    // Without a server message the success text is ours.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration successful! Please verify your email.',
    );
    expect(bodiesOf(calls, 'POST', REGISTER)).toEqual([
      {
        ...EXPECTED_INVESTOR_PAYLOAD,
        newsletterFrequency: 'weekly',
        transactionNotification: true,
        latestNewsNotification: true,
      },
    ]);
  });

  it("shows the server's message and its field messages on the inputs", async () => {
    mockApi({
      [`POST ${REGISTER}`]: jsonResponse(400, {
        message: 'Invalid input.',
        code: 'common.invalid_input',
        errors: { phone: 'Phone is required.', city: 'Please choose a city of the selected country.' },
        codes: { phone: 'profile.phone_required', city: 'profile.choose_city' },
      }),
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid input\.$/);
    expect(field(/^Phone/)).toHaveAccessibleDescription('Phone is required.');
    expect(screen.getByText('Please choose a city of the selected country.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');

    // Editing the field clears its message.
    await fill(user, field(/^Phone/), '+372 1');
    expect(field(/^Phone/)).not.toHaveAccessibleDescription('Phone is required.');
  });

  it("shows 'Email is already registered.' from a 409 answer", async () => {
    mockApi({
      [`POST ${REGISTER}`]: jsonResponse(409, {
        message: 'Email is already registered.',
        code: 'auth.email_taken',
      }),
    });
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email is already registered\.$/);
  });

  it("falls back to 'Registration failed.' when the server gives no message", async () => {
    mockApi({ [`POST ${REGISTER}`]: jsonResponse(500, {}) });
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed\.$/);
  });

  it("shows 'No response from server. Please try again later.' when no answer comes back", async () => {
    mockApi();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^No response from server\. Please try again later\.$/,
    );
  });

  it("shows 'Network error. Please try again later.' when the request cannot be made", async () => {
    mockApi();
    vi.spyOn(api, 'POST').mockImplementation(() => {
      throw new TypeError('Failed to build the request');
    });
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error\. Please try again later\.$/);
  });
});

async function fillCorporate(
  user: UserEvent,
  input: { email?: string; companyEmail?: string; password?: string; confirm?: string } = {},
) {
  await fill(user, field(/First name/), ' Kwame ');
  await fill(user, field(/Last name/), 'Mensah ');
  await fill(user, field(/^Email/), input.email ?? ' kwame@example.com');
  await fill(user, field(/^Phone/), ' +233 20 000 0000');
  await fill(user, field(/Company name/), ' Accra Cold Chain ');
  await choose(user, /Legal form/, 'Ltd');
  await fill(user, field(/Registration number/), ' GH-123 ');
  await choose(user, /Country/, 'Ghana');
  await fill(user, field(/Registered address/), ' 1 Ring Road, Accra ');
  await fill(user, field(/Company email/), input.companyEmail ?? ' info@coldchain.example ');
  await fill(user, field(/Company phone/), '+233 30 000 0000 ');
  await fill(user, field(/^Password/), input.password ?? 'longpassword');
  await fill(user, field(/Confirm password/), input.confirm ?? input.password ?? 'longpassword');
}

const openCorporate = () => openPage('/register-corporate', 'Corporate Registration');

const submitCorporate = (user: UserEvent) =>
  user.click(screen.getByRole('button', { name: 'Register Company' }));

describe('corporate registration (/register-corporate)', () => {
  it('offers the legal forms and the African countries, no city, and weekly newsletters', async () => {
    mockApi();
    const user = userEvent.setup();
    await openCorporate();
    expect(screen.getByRole('combobox', { name: /Newsletter frequency/ })).toHaveTextContent('Weekly');
    expect(screen.queryByRole('combobox', { name: /City/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Legal form/ }));
    const forms = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(forms).toEqual([...LEGAL_FORMS]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: /Country/ }));
    const countries = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(countries).toHaveLength(AFRICAN_COUNTRIES.length);
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'Ghana' })).toBeInTheDocument();
    expect(within(screen.getByRole('listbox')).queryByRole('option', { name: 'Estonia' })).toBeNull();
  });

  it('marks the empty company fields as required', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openCorporate();
    await submitCorporate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    // 4 personal + 7 company fields (legal form and country included) + 2 passwords
    expect(screen.getAllByText('This field is required.')).toHaveLength(13);
    expect(calls).toHaveLength(0);
  });

  it("checks 'Password must be at least 8 characters.', then the confirmation, then both e-mails", async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openCorporate();
    await fillCorporate(user, {
      email: 'kwame@',
      companyEmail: 'info@',
      password: 'short',
      confirm: 'other',
    });

    await submitCorporate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password must be at least 8 characters\.$/);
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();

    await fill(user, field(/^Password/), 'longpassword');
    await submitCorporate(user);
    expect(await findToast('Passwords do not match.')).toBeVisible();
    expect(screen.queryByText('Password must be at least 8 characters.')).not.toBeInTheDocument();

    await fill(user, field(/Confirm password/), 'longpassword');
    await submitCorporate(user);
    expect(await findToast('Invalid email address.')).toBeVisible();
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address.');

    await fill(user, field(/^Email/), 'kwame@example.com');
    await submitCorporate(user);
    await screen.findByText((_content, element) =>
      Boolean(element?.id?.endsWith('-helper-text') && element.textContent === 'Invalid email address.'),
    );
    expect(field(/Company email/)).toHaveAccessibleDescription('Invalid email address.');
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed corporate payload (weekly by default, no confirmation) and opens verification', async () => {
    const { calls } = mockApi({
      [`POST ${REGISTER_CORPORATE}`]: jsonResponse(201, {
        message: 'Corporate registration successful! Please verify your email.',
        email: 'kwame@example.com',
      }),
    });
    const user = userEvent.setup();
    const { router } = await openCorporate();
    await fillCorporate(user);
    await submitCorporate(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Corporate registration successful! Please verify your email.',
    );
    expect(bodiesOf(calls, 'POST', REGISTER_CORPORATE)).toEqual([
      {
        firstName: 'Kwame',
        lastName: 'Mensah',
        email: 'kwame@example.com',
        phone: '+233 20 000 0000',
        companyName: 'Accra Cold Chain',
        legalForm: 'Ltd',
        registrationNumber: 'GH-123',
        countryName: 'Ghana',
        registeredAddress: '1 Ring Road, Accra',
        companyEmail: 'info@coldchain.example',
        companyPhone: '+233 30 000 0000',
        newsletterFrequency: 'weekly',
        transactionNotification: false,
        latestNewsNotification: false,
        password: 'longpassword',
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    expect(router.state.location.search).toBe('?email=kwame%40example.com');
  });

  it("uses our success text without a server message, and 'Registration failed.' / no-response on failure", async () => {
    let answer: () => Response | Promise<never> = () => jsonResponse(500, {});
    mockApi({ [`POST ${REGISTER_CORPORATE}`]: () => answer() });
    const user = userEvent.setup();
    const { router } = await openCorporate();
    await fillCorporate(user);

    await submitCorporate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed\.$/);

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await submitCorporate(user);
    expect(await findToast('No response from server. Please try again later.')).toBeVisible();

    answer = () => jsonResponse(201, {});
    await submitCorporate(user);
    expect(await findToast('Corporate registration successful! Please verify your email.')).toBeVisible();
    expect(router.state.location.search).toBe('?email=kwame%40example.com');
  });
});
