import { screen, waitFor, within } from '@testing-library/react';
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
  /** Tick the consent to the terms and the privacy policy (yes unless false). */
  consent?: boolean;
}

const consentBox = () =>
  screen.getByRole('checkbox', { name: 'I accept the Terms & Conditions and the Privacy Policy.' });
const TERMS_REQUIRED = 'Please accept the terms of use and the privacy policy.';

/** Fills every investor field, with spaces around the texts to check the trimming, and consents. */
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
  if (input.consent !== false) await user.click(consentBox());
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
  acceptTerms: true,
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

  it('marks every empty required field and the consent at once, focuses the first and sends nothing', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openRegister();
    await fill(user, field(/First name/), '   ');
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    // first name (blank), last name, email, phone, country, city, address, password, confirmation
    expect(screen.getAllByText('This field is required.')).toHaveLength(9);
    expect(field(/First name/)).toHaveAccessibleDescription('This field is required.');
    expect(field(/^Address/)).toHaveAccessibleDescription('This field is required.');
    expect(consentBox()).toHaveAccessibleDescription(expect.stringContaining(TERMS_REQUIRED));
    expect(consentBox()).toBeInvalid();
    await waitFor(() => expect(field(/First name/)).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('shows the password length, the confirmation and the e-mail problems together (issue 25)', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user, { email: 'not-an-email', password: 'short', confirm: 'different' });
    await submitInvestor(user);

    // The toast says the spec's first check (section 5); every field shows its own message.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Password should be at least 8 characters\.$/,
    );
    expect(field(/^Password/)).toHaveAccessibleDescription('Password should be at least 8 characters.');
    expect(field(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address.');
    // The first field with a message in the page's order has the focus: the e-mail, above the passwords.
    await waitFor(() => expect(field(/^Email/)).toHaveFocus());
    expect(calls).toHaveLength(0);

    // Fixing one field takes away its message only.
    await fill(user, field(/^Email/), 'ada@example.com');
    expect(field(/^Email/)).not.toHaveAccessibleDescription('Invalid email address.');
    expect(field(/^Password/)).toHaveAccessibleDescription('Password should be at least 8 characters.');
    expect(field(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
  });

  it('requires the consent: a filled form without it is refused on the checkbox and sends nothing', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user, { consent: false });
    await submitInvestor(user);
    expect(await findToast(TERMS_REQUIRED)).toBeVisible();
    expect(consentBox()).toHaveAccessibleDescription(expect.stringContaining(TERMS_REQUIRED));
    await waitFor(() => expect(consentBox()).toHaveFocus());
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    // Ticking it takes the message away.
    await user.click(consentBox());
    expect(consentBox()).toBeChecked();
    expect(consentBox()).not.toHaveAccessibleDescription(expect.stringContaining(TERMS_REQUIRED));
  });

  it('links the consent to both documents, in a new tab, with the versions the server stores', async () => {
    mockApi();
    await openRegister();
    const terms = screen.getByRole('link', { name: 'Terms & Conditions (version 2.0)' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy (version 2.0)' });
    expect(terms).toHaveAttribute('href', '/terms-and-conditions');
    expect(privacy).toHaveAttribute('href', '/privacy-policy');
    for (const link of [terms, privacy]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(consentBox()).not.toBeChecked();
    expect(consentBox()).toHaveAccessibleDescription(expect.stringMatching(/each opens in a new tab/));
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

  it("shows the server's message and every field message it sent on its input, the first focused", async () => {
    mockApi({
      [`POST ${REGISTER}`]: jsonResponse(400, {
        message: 'Invalid input.',
        code: 'common.invalid_input',
        errors: {
          phone: 'Phone is required.',
          city: 'Please choose a city of the selected country.',
          acceptTerms: 'Please accept the terms of use and the privacy policy.',
        },
        codes: {
          phone: 'profile.phone_required',
          city: 'profile.choose_city',
          acceptTerms: 'auth.terms_required',
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid input\.$/);
    expect(field(/^Phone/)).toHaveAccessibleDescription('Phone is required.');
    expect(screen.getByText('Please choose a city of the selected country.')).toBeInTheDocument();
    expect(consentBox()).toHaveAccessibleDescription(expect.stringContaining(TERMS_REQUIRED));
    await waitFor(() => expect(field(/^Phone/)).toHaveFocus());
    expect(router.state.location.pathname).toBe('/register');

    // Editing the field clears its message.
    await fill(user, field(/^Phone/), '+372 1');
    expect(field(/^Phone/)).not.toHaveAccessibleDescription('Phone is required.');
  });

  it("shows the server's refusal of a common or personal password on the password field", async () => {
    const COMMON =
      'This password is too common: it is on a list of passwords used by many people. Please choose another.';
    mockApi({
      [`POST ${REGISTER}`]: jsonResponse(400, {
        message: COMMON,
        code: 'input.password_common',
        errors: { password: COMMON },
        codes: { password: 'input.password_common' },
      }),
    });
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user, { password: 'password1' });
    await submitInvestor(user);
    await waitFor(() => expect(field(/^Password/)).toHaveAccessibleDescription(COMMON));
  });

  // A taken address no longer gets a 409: it answers 201 like any registration (decision 0117), so the
  // server's refusals left to show are the rate limits.
  it("shows the server's message from a refusal (429 too many attempts)", async () => {
    mockApi({
      [`POST ${REGISTER}`]: jsonResponse(429, {
        message: 'Too many attempts. Please try again later.',
        code: 'auth.too_many_attempts',
      }),
    });
    const user = userEvent.setup();
    await openRegister();
    await fillInvestor(user);
    await submitInvestor(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts\. Please try again later\.$/,
    );
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
  input: {
    email?: string;
    companyEmail?: string;
    password?: string;
    confirm?: string;
    consent?: boolean;
  } = {},
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
  if (input.consent !== false) await user.click(consentBox());
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

  it('shows the length, the confirmation, both e-mails and the consent together', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openCorporate();
    await fillCorporate(user, {
      email: 'kwame@',
      companyEmail: 'info@',
      password: 'short',
      confirm: 'other',
      consent: false,
    });
    await submitCorporate(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password must be at least 8 characters\.$/);
    expect(field(/^Password/)).toHaveAccessibleDescription('Password must be at least 8 characters.');
    expect(field(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address.');
    expect(field(/Company email/)).toHaveAccessibleDescription('Invalid email address.');
    expect(consentBox()).toHaveAccessibleDescription(expect.stringContaining(TERMS_REQUIRED));
    await waitFor(() => expect(field(/^Email/)).toHaveFocus());
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
        acceptTerms: true,
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
