import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_TYPES, KYC_MAX_FILE_BYTES } from '../../src-shared/contracts/kyc';
import { kycProblems, nationalityOptions } from '../../src-public/kyc/kycForm';
import {
  choose,
  fill,
  jsonResponse,
  mockApi,
  mockSignedIn,
  renderApp,
  setUpPageTests,
  type ApiCall,
  type Handler,
} from './helpers';

setUpPageTests(() => import('../../src-public/kyc/KycPage'));

const TOKEN = 'tok-123';
const SESSION = `/api/kyc/session/${TOKEN}`;
const THANKS = 'Thank you! Your documents were received and will be reviewed.';
const session = {
  firstName: 'Sofia',
  lastName: 'García',
  expiresAt: '2099-01-01T12:00:00Z',
  documentTypes: [...KYC_DOCUMENT_TYPES],
};

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const fileInput = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const zone = (label: string) => screen.getByRole('button', { name: label });
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit for review' }));
const dateOfBirth = () => screen.getByLabelText(/^Date of birth/);

async function openKyc(handlers: Record<string, Handler> = {}, signedIn = false) {
  const all = { [`GET ${SESSION}`]: session, ...handlers };
  const api = signedIn ? mockSignedIn(all) : mockApi(all);
  // Accept checks are react-dropzone's job here, so the picker lets any file through.
  const user = userEvent.setup({ applyAccept: false });
  const rendered = renderApp(`/kyc/${TOKEN}`);
  await screen.findByRole('button', { name: 'Submit for review' });
  return { ...rendered, ...api, user };
}

/** Fills every field validly for the given document type. */
async function fillForm(
  user: UserEvent,
  {
    type = 'ID card',
    dob = '1990-05-17',
    withBack = true,
  }: { type?: string; dob?: string; withBack?: boolean } = {},
) {
  await choose(user, /Document type/, type);
  await user.upload(fileInput('Front of the document'), png('front.png'));
  expect(await screen.findByText('Chosen file: front.png')).toBeVisible();
  if (withBack) {
    await user.upload(fileInput('Back of the document'), png('back.png'));
    expect(await screen.findByText('Chosen file: back.png')).toBeVisible();
  }
  await user.upload(fileInput('Selfie'), png('me.png'));
  expect(await screen.findByText('Chosen file: me.png')).toBeVisible();
  fireEvent.change(dateOfBirth(), { target: { value: dob } });
  await choose(user, /Nationality/, 'Germany');
  await fill(
    user,
    screen.getByLabelText(/^Residential address/),
    '  Calle de Alcalá 45, 28014 Madrid, Spain ',
  );
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === SESSION);

describe('the verification link /kyc/{token}', () => {
  it("shows 'Loading your verification...', then the person's name and the form, without signing in", async () => {
    let release: ((response: Response) => void) | undefined;
    const { calls } = mockApi({
      [`GET ${SESSION}`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp(`/kyc/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading your verification\.\.\.$/);
    // The loading text shows before the call is made: answer only once it is.
    await waitFor(() => expect(release).toBeDefined());
    release?.(jsonResponse(200, session));
    expect(await screen.findByText('Verification for Sofia García')).toBeVisible();
    expect(screen.getByText(/^This link works once and is valid until /)).toBeVisible();
    expect(screen.getByRole('combobox', { name: /Document type/ })).toBeVisible();
    expect(zone('Front of the document')).toHaveAttribute('tabindex', '0');
    expect(zone('Selfie')).toHaveAttribute('tabindex', '0');
    expect(dateOfBirth()).toHaveAttribute('type', 'date');
    expect(screen.getByRole('combobox', { name: /Nationality/ })).toBeVisible();
    expect(screen.getByLabelText(/^Residential address/).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeEnabled();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${SESSION}`]);
  });

  it("shows the server's message for an invalid or used link, in the reader's language", async () => {
    const invalid = {
      message: 'This verification link is invalid or has expired.',
      code: 'kyc.invalid_link',
    };
    mockApi({ [`GET ${SESSION}`]: jsonResponse(404, invalid) });
    renderApp(`/kyc/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^This verification link is invalid or has expired\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  it('words an invalid link in German', async () => {
    mockApi({
      [`GET ${SESSION}`]: jsonResponse(404, {
        message: 'This verification link is invalid or has expired.',
        code: 'kyc.invalid_link',
      }),
    });
    renderApp(`/kyc/${TOKEN}`, { language: 'de' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Dieser Verifizierungslink ist ungültig oder abgelaufen\.$/,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Bestätigen Sie Ihre Identität' })).toBeVisible();
  });

  it('asks for the back of the document only for a type that has one', async () => {
    const { user } = await openKyc();
    expect(screen.queryByRole('button', { name: 'Back of the document' })).not.toBeInTheDocument();
    await choose(user, /Document type/, 'Passport');
    expect(screen.queryByRole('button', { name: 'Back of the document' })).not.toBeInTheDocument();
    for (const type of ['ID card', 'Driving licence', 'Residence permit']) {
      await choose(user, /Document type/, type);
      expect(zone('Back of the document')).toBeVisible();
    }
    await choose(user, /Document type/, 'Passport');
    expect(screen.queryByRole('button', { name: 'Back of the document' })).not.toBeInTheDocument();
  });

  it("refuses a person under 18 on the client: 'You must be at least 18 years old.'", async () => {
    const { user, calls } = await openKyc();
    const seventeen = `${new Date().getUTCFullYear() - 17}-01-01`;
    await fillForm(user, { dob: seventeen });
    await submit(user);
    expect(await screen.findByText('Please correct the marked fields.')).toBeVisible();
    expect(dateOfBirth()).toHaveAccessibleDescription('You must be at least 18 years old.');
    expect(dateOfBirth()).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);
  });

  it('names every missing field and focuses the first one', async () => {
    const { user, calls } = await openKyc();
    await choose(user, /Document type/, 'Driving licence');
    await submit(user);
    expect(await screen.findByText('Please correct the marked fields.')).toBeVisible();
    expect(zone('Front of the document')).toHaveAccessibleDescription(
      'Choose a file or drop it here: JPEG, PNG or PDF, at most 10 MB. Upload the front of your document.',
    );
    expect(zone('Front of the document')).toHaveFocus();
    expect(screen.getByText('Upload the back of your document.')).toBeVisible();
    expect(screen.getByText('Upload a selfie.')).toBeVisible();
    expect(dateOfBirth()).toHaveAccessibleDescription('Date of birth is required.');
    expect(screen.getByRole('combobox', { name: /Nationality/ })).toHaveAccessibleDescription(
      'Choose your nationality.',
    );
    expect(screen.getByLabelText(/^Residential address/)).toHaveAccessibleDescription('Address is required.');
    expect(posts(calls)).toHaveLength(0);
  });

  it('rejects a file of the wrong type and one over 10 MB, saying why', async () => {
    const { user } = await openKyc();
    await user.upload(
      fileInput('Front of the document'),
      new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }),
    );
    const front = zone('Front of the document').parentElement!;
    expect(await within(front).findByRole('alert')).toHaveTextContent(
      /^“anim\.gif” was not accepted: files must be JPEG, PNG or PDF\.$/,
    );
    expect(screen.queryByText(/Chosen file/)).not.toBeInTheDocument();

    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: KYC_MAX_FILE_BYTES + 1 });
    await user.upload(fileInput('Selfie'), big);
    const selfie = zone('Selfie').parentElement!;
    expect(await within(selfie).findByRole('alert')).toHaveTextContent(
      /^“huge\.png” was not accepted: each file may be at most 10 MB\.$/,
    );
    expect(zone('Selfie')).toHaveAccessibleDescription(
      'Choose a file or drop it here: JPEG, PNG or PDF, at most 10 MB. A clear photo of your face, without sunglasses or a hat. “huge.png” was not accepted: each file may be at most 10 MB.',
    );

    // A file at the limit, and a PDF, are fine.
    const atLimit = png('limit.png');
    Object.defineProperty(atLimit, 'size', { value: KYC_MAX_FILE_BYTES });
    await user.upload(fileInput('Selfie'), atLimit);
    expect(await screen.findByText('Chosen file: limit.png')).toBeVisible();
    expect(within(selfie).queryByRole('alert')).not.toBeInTheDocument();
    await user.upload(
      fileInput('Front of the document'),
      new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Chosen file: scan.pdf')).toBeVisible();
  });

  it("sends the multipart fields with a disabled 'Submitting...' button, then shows the thanks", async () => {
    let release: (response: Response) => void = () => {};
    const { user, calls } = await openKyc({
      [`POST ${SESSION}`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await fillForm(user);
    await submit(user);
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();

    const [call] = posts(calls);
    const form = call!.form!;
    expect([...form.keys()]).toEqual([
      'documentType',
      'dateOfBirth',
      'nationality',
      'address',
      'documentFront',
      'documentBack',
      'selfie',
    ]);
    expect(form.get('documentType')).toBe('id_card');
    expect(form.get('dateOfBirth')).toBe('1990-05-17');
    expect(form.get('nationality')).toBe('DE');
    expect(form.get('address')).toBe('Calle de Alcalá 45, 28014 Madrid, Spain');
    expect((form.get('documentFront') as File).name).toBe('front.png');
    expect((form.get('documentBack') as File).name).toBe('back.png');
    expect((form.get('selfie') as File).name).toBe('me.png');

    release(jsonResponse(200, { message: THANKS, statusInOurSystem: 'pending' }));
    const receipt = await screen.findByRole('status');
    expect(within(receipt).getByRole('heading', { level: 2, name: 'Documents received' })).toBeVisible();
    expect(receipt).toHaveTextContent(THANKS);
    expect(receipt).toHaveTextContent(
      'We will e-mail you the result. You can follow the status on your verification page.',
    );
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
    // A visitor signs in first and then lands on their own verification page.
    expect(screen.getByRole('link', { name: 'Go to my verification page' })).toHaveAttribute(
      'href',
      '/dashboard/verification',
    );
  });

  it('sends no back side for a passport, even one chosen before', async () => {
    const { user, calls } = await openKyc({
      [`POST ${SESSION}`]: { message: THANKS, statusInOurSystem: 'pending' },
    });
    await fillForm(user);
    await choose(user, /Document type/, 'Passport');
    await submit(user);
    expect(await screen.findByText(THANKS)).toBeVisible();
    const form = posts(calls)[0]!.form!;
    expect(form.get('documentType')).toBe('passport');
    expect(form.has('documentBack')).toBe(false);
    expect([...form.keys()]).toEqual([
      'documentType',
      'dateOfBirth',
      'nationality',
      'address',
      'documentFront',
      'selfie',
    ]);
  });

  it('links a signed-in investor to /user/verification', async () => {
    const { user } = await openKyc(
      { [`POST ${SESSION}`]: { message: THANKS, statusInOurSystem: 'pending' } },
      true,
    );
    await fillForm(user);
    await submit(user);
    expect(await screen.findByRole('link', { name: 'Go to my verification page' })).toHaveAttribute(
      'href',
      '/user/verification',
    );
  });

  it("shows the server's message and its per-field errors", async () => {
    const { user } = await openKyc({
      [`POST ${SESSION}`]: jsonResponse(400, {
        message: 'Invalid input.',
        code: 'common.invalid_input',
        params: { minAge: 18 },
        errors: {
          dateOfBirth: 'You must be at least 18 years old.',
          documentBack: 'Upload the back of your document.',
        },
        codes: { dateOfBirth: 'kyc.under_age', documentBack: 'kyc.document_back_missing' },
      }),
    });
    await fillForm(user);
    await submit(user);
    expect(await screen.findByText('Invalid input.')).toBeVisible();
    expect(screen.getByText('Invalid input.').closest('[role="alert"]')).not.toBeNull();
    expect(dateOfBirth()).toHaveAccessibleDescription('You must be at least 18 years old.');
    expect(within(zone('Back of the document').parentElement!).getByRole('alert')).toHaveTextContent(
      /^Upload the back of your document\.$/,
    );
    expect(zone('Back of the document')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  });

  it('shows a 400 whose message repeats a field message once, at the field', async () => {
    const { user } = await openKyc({
      [`POST ${SESSION}`]: jsonResponse(400, {
        message: 'You must be at least 18 years old.',
        code: 'kyc.under_age',
        params: { minAge: 18 },
        errors: { dateOfBirth: 'You must be at least 18 years old.' },
        codes: { dateOfBirth: 'kyc.under_age' },
      }),
    });
    await fillForm(user);
    await submit(user);
    expect(await screen.findByText('Please correct the marked fields.')).toBeVisible();
    expect(screen.getAllByText('You must be at least 18 years old.')).toHaveLength(1);
    expect(dateOfBirth()).toHaveAccessibleDescription('You must be at least 18 years old.');
    expect(dateOfBirth()).toHaveFocus();
  });

  it('words the server messages in Spanish', async () => {
    mockApi({
      [`GET ${SESSION}`]: session,
      [`POST ${SESSION}`]: jsonResponse(400, {
        message: 'Upload a selfie.',
        code: 'kyc.selfie_missing',
        errors: { selfie: 'Upload a selfie.', address: 'Address must be at most 300 characters.' },
        codes: { selfie: 'kyc.selfie_missing', address: 'kyc.address_too_long' },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/kyc/${TOKEN}`, { language: 'es' });
    await screen.findByRole('button', { name: 'Enviar para revisión' });
    // The client checks pass; the server still refuses.
    await choose(user, /Tipo de documento/, 'Pasaporte');
    await user.upload(fileInput('Anverso del documento'), png('front.png'));
    await user.upload(fileInput('Selfi'), png('me.png'));
    fireEvent.change(screen.getByLabelText(/^Fecha de nacimiento/), { target: { value: '1990-05-17' } });
    await choose(user, /Nacionalidad/, 'España');
    await fill(user, screen.getByLabelText(/^Domicilio/), 'Calle Mayor 1, Madrid');
    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));
    expect(await screen.findByText('Corrija los campos marcados.')).toBeVisible();
    expect(within(zone('Selfi').parentElement!).getByRole('alert')).toHaveTextContent(/^Suba un selfi\.$/);
    expect(screen.getByLabelText(/^Domicilio/)).toHaveAccessibleDescription(
      'El domicilio puede tener 300 caracteres como máximo.',
    );
  });

  it.each([
    [413, 'Each file may be at most 10 MB.', 'kyc.file_too_large'],
    [415, 'Files must be JPEG, PNG or PDF.', 'kyc.wrong_file_type'],
    [404, 'This verification link is invalid or has expired.', 'kyc.invalid_link'],
  ])('shows the %i answer %s', async (status, message, code) => {
    const { user } = await openKyc({ [`POST ${SESSION}`]: jsonResponse(status, { message, code }) });
    await fillForm(user);
    await submit(user);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByText(message).closest('[role="alert"]')).not.toBeNull();
  });

  it('clears the banner once the marked field is changed', async () => {
    const { user } = await openKyc();
    await fillForm(user, { dob: `${new Date().getUTCFullYear() - 17}-01-01` });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please correct the marked fields\.$/);
    fireEvent.change(dateOfBirth(), { target: { value: '1990-05-17' } });
    await waitFor(() =>
      expect(screen.queryByText('Please correct the marked fields.')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dateOfBirth()).not.toHaveAccessibleDescription('You must be at least 18 years old.');
  });

  it('keeps the banner while a marked field is left, and drops a missing back for a passport', async () => {
    const { user } = await openKyc();
    await choose(user, /Document type/, 'ID card');
    await submit(user);
    const banner = 'Please correct the marked fields.';
    expect(await screen.findByText(banner)).toBeVisible();
    await user.upload(fileInput('Front of the document'), png('front.png'));
    await user.upload(fileInput('Selfie'), png('me.png'));
    fireEvent.change(dateOfBirth(), { target: { value: '1990-05-17' } });
    await choose(user, /Nationality/, 'Germany');
    await fill(user, screen.getByLabelText(/^Residential address/), 'Calle Mayor 1, Madrid');
    // The back of the ID card is still missing.
    expect(screen.getByText(banner)).toBeVisible();
    expect(screen.getByText('Upload the back of your document.')).toBeVisible();
    await choose(user, /Document type/, 'Passport');
    await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
  });

  it("clears the server's banner once its fields are changed, a file one once a new file is chosen", async () => {
    let answer = jsonResponse(400, {
      message: 'Invalid input.',
      code: 'common.invalid_input',
      errors: {
        dateOfBirth: 'You must be at least 18 years old.',
        documentBack: 'Upload the back of your document.',
      },
      codes: { dateOfBirth: 'kyc.under_age', documentBack: 'kyc.document_back_missing' },
    });
    const { user } = await openKyc({ [`POST ${SESSION}`]: () => answer });
    await fillForm(user);
    await submit(user);
    expect(await screen.findByText('Invalid input.')).toBeVisible();
    fireEvent.change(dateOfBirth(), { target: { value: '1991-05-17' } });
    expect(screen.getByText('Invalid input.')).toBeVisible();
    await user.upload(fileInput('Back of the document'), png('back2.png'));
    await waitFor(() => expect(screen.queryByText('Invalid input.')).not.toBeInTheDocument());

    // A 415 does not say which file: changing a text field leaves it, a new file takes it away.
    answer = jsonResponse(415, { message: 'Files must be JPEG, PNG or PDF.', code: 'kyc.wrong_file_type' });
    await submit(user);
    expect(await screen.findByText('Files must be JPEG, PNG or PDF.')).toBeVisible();
    await fill(user, screen.getByLabelText(/^Residential address/), 'Calle Mayor 2, Madrid');
    expect(screen.getByText('Files must be JPEG, PNG or PDF.')).toBeVisible();
    await user.upload(fileInput('Selfie'), png('me2.png'));
    await waitFor(() =>
      expect(screen.queryByText('Files must be JPEG, PNG or PDF.')).not.toBeInTheDocument(),
    );
  });

  it('keeps a banner about no input (a used link) until the next submit', async () => {
    const { user } = await openKyc({
      [`POST ${SESSION}`]: jsonResponse(404, {
        message: 'This verification link is invalid or has expired.',
        code: 'kyc.invalid_link',
      }),
    });
    await fillForm(user);
    await submit(user);
    const message = 'This verification link is invalid or has expired.';
    expect(await screen.findByText(message)).toBeVisible();
    await user.upload(fileInput('Selfie'), png('me2.png'));
    await fill(user, screen.getByLabelText(/^Residential address/), 'Calle Mayor 2, Madrid');
    expect(screen.getByText(message)).toBeVisible();
  });

  it("falls back to 'Your documents could not be sent. Please try again.' without a server message", async () => {
    const { user } = await openKyc({ [`POST ${SESSION}`]: jsonResponse(500, {}) });
    await fillForm(user);
    await submit(user);
    expect(await screen.findByText('Your documents could not be sent. Please try again.')).toBeVisible();
  });
});

describe('the verification form rules', () => {
  const files = { documentFront: png('f.png'), documentBack: png('b.png'), selfie: png('s.png') };
  const values = {
    documentType: 'id_card' as const,
    dateOfBirth: '2008-03-10',
    nationality: 'ES',
    address: 'Calle Mayor 1, Madrid',
  };

  it('counts 18 years to the day (UTC)', () => {
    expect(kycProblems(values, files, new Date('2026-03-10T00:00:00Z'))).toEqual({});
    expect(kycProblems(values, files, new Date('2026-03-09T23:59:59Z'))).toEqual({
      dateOfBirth: 'kyc.errors.tooYoung',
    });
  });

  it('refuses a date that does not exist, lies ahead or is over 120 years ago, and a short or long address', () => {
    const today = new Date('2027-01-01T00:00:00Z');
    expect(kycProblems({ ...values, dateOfBirth: '1990-02-30' }, files, today)).toEqual({
      dateOfBirth: 'kyc.errors.dateOfBirthInvalid',
    });
    expect(kycProblems({ ...values, dateOfBirth: '2027-01-02' }, files, today)).toEqual({
      dateOfBirth: 'kyc.errors.dateOfBirthPast',
    });
    expect(kycProblems({ ...values, dateOfBirth: '1900-01-01' }, files, today)).toEqual({
      dateOfBirth: 'kyc.errors.dateOfBirthPast',
    });
    expect(kycProblems({ ...values, address: ' abc ' }, files, today)).toEqual({
      address: 'auth.server.addressRequired',
    });
    expect(kycProblems({ ...values, address: 'x'.repeat(301) }, files, today)).toEqual({
      address: 'kyc.errors.addressTooLong',
    });
    expect(kycProblems({ ...values, nationality: 'XX' }, files, today)).toEqual({
      nationality: 'kyc.errors.nationality',
    });
  });

  it('needs no back side for a passport', () => {
    const today = new Date('2027-01-01T00:00:00Z');
    expect(
      kycProblems({ ...values, documentType: 'passport' }, { ...files, documentBack: undefined }, today),
    ).toEqual({});
    expect(kycProblems(values, { ...files, documentBack: undefined }, today)).toEqual({
      documentBack: 'kyc.errors.documentBack',
    });
  });

  it("names the nationalities in the reader's language, sorted by name", () => {
    const english = nationalityOptions('en');
    expect(english.find((option) => option.code === 'DE')?.label).toBe('Germany');
    const german = nationalityOptions('de');
    expect(german.find((option) => option.code === 'DE')?.label).toBe('Deutschland');
    expect(german.find((option) => option.code === 'ES')?.label).toBe('Spanien');
    const labels = german.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de').compare));
    expect(english[0]?.label).toBe('Afghanistan');
  });
});

describe('the nationality select', () => {
  it('offers the countries in German on a German page', async () => {
    mockApi({ [`GET ${SESSION}`]: session });
    const user = userEvent.setup();
    renderApp(`/kyc/${TOKEN}`, { language: 'de' });
    await screen.findByRole('button', { name: 'Zur Prüfung senden' });
    await user.click(screen.getByRole('combobox', { name: /Staatsangehörigkeit/ }));
    const list = within(screen.getByRole('listbox'));
    expect(list.getByRole('option', { name: 'Deutschland' })).toBeInTheDocument();
    await waitFor(() => expect(list.getAllByRole('option')[0]).toHaveTextContent('Afghanistan'));
  });
});
