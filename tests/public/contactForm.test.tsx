import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesOf, fill, jsonResponse, mockApi, openPage, setUpPageTests, type ApiCall } from './helpers';

setUpPageTests(() => import('../../src-public/pages/ContactUsPage'));

const CONTACT = '/api/contact';
const THANKS = { message: 'Thank you! We will get back to you soon.' };

const input = (label: RegExp) => screen.getByLabelText(label);

async function fillForm(
  user: UserEvent,
  values: { name: string; email: string; subject: string; message: string },
) {
  await fill(user, input(/^Your name/), values.name);
  await fill(user, input(/^Your e-mail/), values.email);
  await fill(user, input(/^Subject/), values.subject);
  await fill(user, input(/^Message/), values.message);
}

describe('contact form (/contact-us)', () => {
  it('keeps the cards and adds a labelled form', async () => {
    mockApi();
    await openPage('/contact-us', 'Get in touch');
    expect(screen.getByText('Mon-Fri 9AM-6PM')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeVisible();
    for (const label of [/^Your name/, /^Your e-mail/, /^Subject/, /^Message/]) {
      expect(input(label)).toBeRequired();
    }
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('checks the fields before sending: each error under its field, nothing sent', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    await openPage('/contact-us', 'Get in touch');
    await fill(user, input(/^Your e-mail/), 'not-an-address');
    await fill(user, input(/^Subject/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required.')).toBeVisible();
    expect(screen.getByText('Invalid email address.')).toBeVisible();
    expect(screen.getByText('Subject is required.')).toBeVisible();
    expect(screen.getByText('Message is required.')).toBeVisible();
    expect(input(/^Your name/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Your name/)).toHaveFocus();
    expect(bodiesOf(calls, 'POST', CONTACT)).toEqual([]);
    // Typing into a field clears its message.
    await fill(user, input(/^Your name/), 'Ann');
    expect(screen.queryByText('Name is required.')).toBeNull();
  });

  it('sends the trimmed message, disables the button while sending, then thanks and empties the form', async () => {
    let answer!: (response: Response) => void;
    const { calls } = mockApi({
      [`POST ${CONTACT}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    await openPage('/contact-us', 'Get in touch');
    await fillForm(user, {
      name: '  Ann Otieno ',
      email: ' ann@example.com ',
      subject: ' Repayments ',
      message: ' When are repayments credited? ',
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    await waitFor(() => expect(calls.some((call: ApiCall) => call.path === CONTACT)).toBe(true));
    answer(jsonResponse(201, THANKS));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! We will get back to you soon.');
    expect(bodiesOf(calls, 'POST', CONTACT)).toEqual([
      {
        name: 'Ann Otieno',
        email: 'ann@example.com',
        subject: 'Repayments',
        message: 'When are repayments credited?',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(input(/^Your name/)).toHaveValue('');
    expect(input(/^Message/)).toHaveValue('');
  });

  it("shows the server's field errors and a limit in the reader's language, by code", async () => {
    let limited = false;
    mockApi({
      [`POST ${CONTACT}`]: () =>
        limited
          ? jsonResponse(429, {
              message: 'You have sent several messages in a short time. Please try again later.',
              code: 'contact.too_many_messages',
            })
          : jsonResponse(400, {
              message: 'Subject must be at most 150 characters.',
              code: 'contact.subject_too_long',
              errors: { subject: 'Subject must be at most 150 characters.' },
              codes: { subject: 'contact.subject_too_long' },
            }),
    });
    const user = userEvent.setup();
    await openPage('/contact-us', 'Kontakt aufnehmen', { language: 'de' });
    await fill(user, input(/^Ihr Name/), 'Anna');
    await fill(user, input(/^Ihre E-Mail-Adresse/), 'anna@example.com');
    await fill(user, input(/^Betreff/), 'Frage');
    await fill(user, input(/^Nachricht/), 'Hallo');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Der Betreff darf höchstens 150 Zeichen lang sein.')).toBeVisible();
    expect(input(/^Betreff/)).toHaveFocus();

    limited = true;
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sie haben in kurzer Zeit mehrere Nachrichten gesendet. Bitte versuchen Sie es später erneut.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
