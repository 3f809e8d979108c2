import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodiesOf,
  choose,
  fill,
  findToast,
  jsonResponse,
  mockSignedIn,
  openPage,
  sampleUser,
  setUpPageTests,
  type ApiCall,
  type Handler,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/ProfilePage'),
);

const UPDATE = '/api/profile/update';
const CONFIRM = '/api/profile/confirm-email';

/** What the form sends when nothing is changed (spec 5: the profile fields, no passwords). */
const UNCHANGED_BODY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+372 5555 5555',
  countryName: 'Estonia',
  city: 'Tallinn',
  address: 'Narva mnt 5',
  newsletterFrequency: 'monthly',
  transactionNotification: false,
  latestNewsNotification: true,
};

async function openProfile(extra: Record<string, Handler> = {}) {
  const api = mockSignedIn({
    [`PUT ${UPDATE}`]: (call: ApiCall) => ({
      message: 'Profile updated successfully.',
      data: { ...sampleUser, ...(call.body as object), currentPassword: undefined, newPassword: undefined },
    }),
    ...extra,
  });
  const user = userEvent.setup();
  const rendered = await openPage('/user/profile', 'My Profile');
  return { ...rendered, ...api, user };
}

const field = (label: RegExp) => screen.getByLabelText(label);
const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Save changes' }));

describe('investor profile (/user/profile)', () => {
  it('shows every field of the signed-in investor', async () => {
    await openProfile();
    expect(field(/First name/)).toHaveValue('Ada');
    expect(field(/Last name/)).toHaveValue('Lovelace');
    expect(field(/^Email/)).toHaveValue('ada@example.com');
    expect(field(/^Phone/)).toHaveValue('+372 5555 5555');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveTextContent('Estonia');
    expect(screen.getByRole('combobox', { name: /City/ })).toHaveTextContent('Tallinn');
    expect(field(/Address/)).toHaveValue('Narva mnt 5');
    expect(screen.getByRole('combobox', { name: /Newsletter frequency/ })).toHaveTextContent('Monthly');
    expect(screen.getByRole('checkbox', { name: 'Notify me about transactions' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send me the latest news' })).toBeChecked();
    expect(field(/Current password/)).toHaveValue('');
    expect(field(/New password/)).toHaveValue('');
    expect(field(/Confirm password/)).toHaveValue('');
  });

  it("saves the profile without passwords and shows 'Profile updated successfully.'", async () => {
    const { calls, user } = await openProfile();
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Profile updated successfully\.$/);
    expect(bodiesOf(calls, 'PUT', UPDATE)).toEqual([UNCHANGED_BODY]);
  });

  it('sends the edited, trimmed fields, the newsletter frequency and both checkboxes', async () => {
    const { calls, user } = await openProfile();
    await fill(user, field(/First name/), '  Augusta ');
    await fill(user, field(/^Phone/), ' +372 1234 ');
    await choose(user, /Newsletter frequency/, 'Never');
    await user.click(screen.getByRole('checkbox', { name: 'Notify me about transactions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send me the latest news' }));
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully.');
    expect(bodiesOf(calls, 'PUT', UPDATE)).toEqual([
      {
        ...UNCHANGED_BODY,
        firstName: 'Augusta',
        phone: '+372 1234',
        newsletterFrequency: 'never',
        transactionNotification: true,
        latestNewsNotification: false,
      },
    ]);
  });

  it('sends currentPassword and newPassword (never the confirmation) when both are given, then clears them', async () => {
    const { calls, user } = await openProfile();
    await fill(user, field(/Current password/), 'oldpassword');
    await fill(user, field(/New password/), 'newpassword');
    await fill(user, field(/Confirm password/), 'newpassword');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully.');
    expect(bodiesOf(calls, 'PUT', UPDATE)).toEqual([
      { ...UNCHANGED_BODY, currentPassword: 'oldpassword', newPassword: 'newpassword' },
    ]);
    await waitFor(() => expect(field(/Current password/)).toHaveValue(''));
    expect(field(/New password/)).toHaveValue('');
    expect(field(/Confirm password/)).toHaveValue('');
  });

  it('sends neither password when the current one is empty', async () => {
    const { calls, user } = await openProfile();
    await fill(user, field(/New password/), 'newpassword');
    await fill(user, field(/Confirm password/), 'newpassword');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully.');
    expect(bodiesOf(calls, 'PUT', UPDATE)).toEqual([UNCHANGED_BODY]);
  });

  it('sends neither password when the new one is empty', async () => {
    const { calls, user } = await openProfile();
    await fill(user, field(/Current password/), 'oldpassword');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully.');
    expect(bodiesOf(calls, 'PUT', UPDATE)).toEqual([UNCHANGED_BODY]);
  });

  it("refuses a confirmation that differs: 'Passwords do not match.'", async () => {
    const { calls, user } = await openProfile();
    await fill(user, field(/Current password/), 'oldpassword');
    await fill(user, field(/New password/), 'newpassword');
    await fill(user, field(/Confirm password/), 'newpasswort');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Passwords do not match\.$/);
    expect(field(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
    expect(bodiesOf(calls, 'PUT', UPDATE)).toHaveLength(0);
  });

  it('shows every problem at once: an empty field, a wrong e-mail and a confirmation that differs', async () => {
    const { calls, user } = await openProfile();
    await fill(user, field(/^Phone/), '  ');
    await fill(user, field(/^Email/), 'ada@');
    await fill(user, field(/New password/), 'newpassword');
    await fill(user, field(/Confirm password/), 'newpasswort');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill in all required fields\.$/);
    expect(field(/^Phone/)).toHaveAccessibleDescription('This field is required.');
    expect(field(/^Email/)).toHaveAccessibleDescription('Invalid email address.');
    expect(field(/Confirm password/)).toHaveAccessibleDescription('Passwords do not match.');
    // The first of them in the page's order has the focus.
    await waitFor(() => expect(field(/^Email/)).toHaveFocus());
    expect(bodiesOf(calls, 'PUT', UPDATE)).toHaveLength(0);
  });

  it('clears the city when the country changes and then requires one', async () => {
    const { calls, user } = await openProfile();
    await choose(user, /Country/, 'Latvia');
    expect(screen.getByRole('combobox', { name: /City/ })).not.toHaveTextContent('Tallinn');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please fill in all required fields\.$/);
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(bodiesOf(calls, 'PUT', UPDATE)).toHaveLength(0);

    await choose(user, /City/, 'Riga');
    await save(user);
    expect(await findToast('Profile updated successfully.')).toBeVisible();
    expect(bodiesOf(calls, 'PUT', UPDATE)).toEqual([
      { ...UNCHANGED_BODY, countryName: 'Latvia', city: 'Riga' },
    ]);
  });

  it("shows a wrong current password on its input and as 'Failed to update profile. Message: ...'", async () => {
    const { user } = await openProfile({
      [`PUT ${UPDATE}`]: jsonResponse(400, {
        message: 'Current password is incorrect.',
        code: 'auth.wrong_current_password',
        errors: { currentPassword: 'Current password is incorrect.' },
        codes: { currentPassword: 'auth.wrong_current_password' },
      }),
    });
    await fill(user, field(/Current password/), 'wrongpassword');
    await fill(user, field(/New password/), 'newpassword');
    await fill(user, field(/Confirm password/), 'newpassword');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to update profile\. Message: Current password is incorrect\.$/,
    );
    expect(field(/Current password/)).toHaveAccessibleDescription('Current password is incorrect.');
    expect(field(/New password/)).toHaveValue('newpassword');
  });

  it("uses 'Failed to update profile. Message: ...' without a server message and without an answer", async () => {
    let answer: () => unknown = () => jsonResponse(500, {});
    const { user } = await openProfile({ [`PUT ${UPDATE}`]: () => answer() });
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to update profile\. Message: Something went wrong\.$/,
    );
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await save(user);
    expect(
      await findToast('Failed to update profile. Message: No response from server. Please try again later.'),
    ).toBeVisible();
  });

  it('asks for the code sent to a new address and confirms it with POST /api/profile/confirm-email', async () => {
    let profile: Record<string, unknown> = { ...sampleUser, pendingEmail: null };
    const { calls, user } = await openProfile({
      'GET /api/profile/get': () => ({ data: profile }),
      [`PUT ${UPDATE}`]: () => ({
        message: 'Profile updated successfully.',
        data: { ...sampleUser, pendingEmail: 'ada@new.example' },
      }),
      [`POST ${CONFIRM}`]: () => {
        profile = { ...sampleUser, email: 'ada@new.example', pendingEmail: null };
        return { message: 'Email updated successfully.', data: profile };
      },
    });
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
    await fill(user, field(/^Email/), ' ada@new.example ');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully.');
    expect((bodiesOf(calls, 'PUT', UPDATE)[0] as { email: string }).email).toBe('ada@new.example');

    const notice = within(await screen.findByRole('form', { name: 'Confirm your new e-mail address' }));
    expect(
      screen.getByText(
        'We sent a 6-digit code to ada@new.example. Your e-mail address changes only after you enter it here.',
      ),
    ).toBeInTheDocument();
    // The address stays the old one until the code is entered.
    expect(field(/^Email/)).toHaveValue('ada@example.com');

    await user.click(notice.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await findToast('Please enter the code from the e-mail.')).toBeVisible();
    expect(bodiesOf(calls, 'POST', CONFIRM)).toHaveLength(0);

    await fill(user, notice.getByLabelText(/Confirmation code/), ' 123456 ');
    await user.click(notice.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await findToast('Email updated successfully.')).toBeVisible();
    expect(bodiesOf(calls, 'POST', CONFIRM)).toEqual([{ token: '123456' }]);
    await waitFor(() => expect(field(/^Email/)).toHaveValue('ada@new.example'));
    expect(screen.queryByRole('form', { name: 'Confirm your new e-mail address' })).not.toBeInTheDocument();
    // The profile was fetched again after the confirmation.
    expect(calls.filter((call) => call.path === '/api/profile/get').length).toBeGreaterThanOrEqual(2);
  });

  it("shows a pending change on load and the server's refusal of a wrong code", async () => {
    const { user } = await openProfile({
      'GET /api/profile/get': { data: { ...sampleUser, pendingEmail: 'ada@new.example' } },
      [`POST ${CONFIRM}`]: jsonResponse(400, {
        message: 'Invalid or expired code.',
        code: 'auth.invalid_code',
      }),
    });
    const notice = within(await screen.findByRole('form', { name: 'Confirm your new e-mail address' }));
    await fill(user, notice.getByLabelText(/Confirmation code/), '000000');
    await user.click(notice.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid or expired code\.$/);
    expect(notice.getByLabelText(/Confirmation code/)).toHaveAccessibleDescription(
      'Invalid or expired code.',
    );
  });
});
