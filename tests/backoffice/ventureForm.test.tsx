import { resources } from '../../src-shared/i18n/catalogs';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src-shared/i18n';
import { theme } from '../../src-shared/theme';
import { VentureCreate } from '../../src-backoffice/corporate/ventures/VentureCreate';
import { VentureEdit } from '../../src-backoffice/corporate/ventures/VentureEdit';
import {
  fieldWords,
  parseTags,
  toVenturePayload,
  ventureTermErrors,
} from '../../src-backoffice/corporate/ventures/ventureForm';
import { toProfilePayload, validateProfile } from '../../src-backoffice/corporate/pages/profileForm';
import { createApiClient } from '../../src-shared/api/http';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';

describe('venture form rules (spec 5)', () => {
  it('words a field name like the spec messages', () => {
    expect(fieldWords('targetAmount')).toBe('Target Amount');
    expect(fieldWords('loanToValue')).toBe('Loan To Value');
    expect(fieldWords('title')).toBe('Title');
  });

  it('normalises the payload: trimmed text, numbers, ISO closing date, tags, default risk', () => {
    expect(
      toVenturePayload({
        title: '  Solar  ',
        country: ' KE',
        targetAmount: '1000',
        expectedReturn: 12.5,
        closingDate: '2030-01-31',
        tags: ' a, b,, c ',
        riskLevel: '',
        isConvertible: undefined,
      }),
    ).toEqual({
      title: 'Solar',
      country: 'KE',
      targetAmount: 1000,
      expectedReturn: 12.5,
      closingDate: '2030-01-31T00:00:00.000Z',
      tags: ['a', 'b', 'c'],
      riskLevel: 'medium',
      isConvertible: false,
    });
    expect(parseTags(['x ', ''])).toEqual(['x']);
  });
});

describe('venture terms (the shared rules of src-shared/rules/venture.ts)', () => {
  const terms = {
    country: 'KE',
    minInvestmentAmount: 50,
    maxInvestmentAmount: 500,
    targetAmount: 1000,
    expectedReturn: 12.5,
    investmentPeriod: 12,
    loanToValue: 50,
    closingDate: '2030-01-31',
  };
  const now = new Date('2026-01-01T00:00:00Z');

  it('accepts consistent terms and names the rule a field breaks, by code', () => {
    expect(ventureTermErrors(terms, 'create', now)).toEqual({});
    expect(ventureTermErrors({ ...terms, maxInvestmentAmount: 2000 }, 'create', now)).toEqual({
      maxInvestmentAmount: { code: 'venture.max_above_target' },
    });
    expect(ventureTermErrors({ ...terms, minInvestmentAmount: 10 }, 'create', now)).toEqual({
      minInvestmentAmount: { code: 'venture.min_investment_too_low', params: { amount: 30 } },
    });
    // A past closing date is refused on create only; blank terms are left to the required checks.
    const past = { ...terms, closingDate: '2025-01-01' };
    expect(ventureTermErrors(past, 'create', now)).toEqual({
      closingDate: { code: 'venture.closing_date_past' },
    });
    expect(ventureTermErrors(past, 'edit', now)).toEqual({});
    expect(ventureTermErrors({ ...terms, targetAmount: '' }, 'create', now)).toEqual({});
    // A collateral value below the target: a loan-to-value above 100 % (decision 0202).
    expect(ventureTermErrors({ ...terms, collateralValue: 999.99 }, 'create', now)).toEqual({
      collateralValue: { code: 'venture.collateral_below_target' },
    });
    expect(ventureTermErrors({ ...terms, collateralValue: 1000 }, 'create', now)).toEqual({});
  });
});

describe('profile form rules (spec 5)', () => {
  it('requires matching passwords of at least 8 characters', () => {
    expect(validateProfile({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' })).toEqual({
      confirmPassword: 'app.profile.passwords_mismatch',
    });
    expect(validateProfile({ newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'app.profile.password_too_short',
    });
    expect(validateProfile({ newPassword: '', confirmPassword: '' })).toEqual({});
  });

  it('sends the passwords only when both current and new are given', () => {
    const base = { firstName: ' Ann ', lastName: 'Lee', id: 'u1', role: 'corporate' };
    expect(toProfilePayload({ ...base, currentPassword: 'old-pass', newPassword: '' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(toProfilePayload({ ...base, currentPassword: 'old-pass', newPassword: 'new-pass1' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      currentPassword: 'old-pass',
      newPassword: 'new-pass1',
    });
  });
});

/** A fetch stub for the client (openapi-fetch hands it a Request) answering `json`. */
function stubFetch(json: unknown = {}, status = 200) {
  return vi.fn(async (_request: Request) =>
    Response.json(json, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderCreate(fetch: ReturnType<typeof stubFetch>) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch });
  const dataProvider = createDataProvider({ app: 'corporate', client });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
      <ResourceContextProvider value="ventures">
        <VentureCreate />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

describe('VentureCreate', () => {
  it("shows the spec's required messages and sends nothing", async () => {
    const http = stubFetch();
    renderCreate(http);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Title/), 'Solar');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Target Amount is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    // Loan-to-value is computed, not typed (issue 30, item 9).
    expect(screen.queryByText('Loan To Value is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(http).not.toHaveBeenCalled();
  });

  it('posts the normalised venture to /api/ventures', async () => {
    const http = stubFetch({ message: 'Venture created!', data: { _id: 'v9', title: 'Solar' } }, 201);
    renderCreate(http);
    const user = userEvent.setup();
    const fill = async (label: RegExp, value: string) => {
      const input = await screen.findByLabelText(label);
      fireEvent.change(input, { target: { value } });
    };
    await fill(/^Title/, '  Solar  ');
    await fill(/^Short Description/, 'Short');
    await fill(/^Long Description/, 'Long');
    await fill(/^Collateral Description/, 'Land');
    await fill(/^Target Amount/, '1000');
    await fill(/^Min Investment Amount/, '50');
    await fill(/^Max Investment Amount/, '500');
    await fill(/^Expected Return/, '12.5');
    await fill(/^Investment Period/, '12');
    await fill(/^Closing Date/, '2030-01-31');
    await fill(/^Collateral Value/, '2000');
    // Computed from the target and the collateral value, shown read-only (issue 30, item 9).
    const ltv = screen.getByLabelText('Loan-to-value (computed)');
    expect(ltv).toHaveValue('50%');
    expect(ltv).toHaveAttribute('readonly');
    await fill(/^Tags/, 'a, b,, c');
    // Country: a select of names over ISO codes (CountryInput).
    await user.click(screen.getByRole('combobox', { name: /^Country/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Kenya' }));
    await user.click(screen.getByRole('combobox', { name: /Venture Type/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'SME' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(http).toHaveBeenCalled());
    const request = http.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/ventures');
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({
      title: 'Solar',
      shortDescription: 'Short',
      longDescription: 'Long',
      collateralDescription: 'Land',
      country: 'KE',
      ventureType: 'sme',
      riskLevel: 'medium',
      minInvestmentAmount: 50,
      maxInvestmentAmount: 500,
      targetAmount: 1000,
      expectedReturn: 12.5,
      investmentPeriod: 12,
      closingDate: '2030-01-31T00:00:00.000Z',
      collateralValue: 2000,
      isConvertible: false,
      // The loan's terms at their defaults (issue 24).
      repaymentType: 'bullet',
      repaymentFrequency: 'monthly',
      gracePeriods: 0,
      tags: ['a', 'b', 'c'],
      lifecycleStatus: 'coming-soon',
      visibility: 'draft',
      dateIssued: null,
    });
    expect(await screen.findByText('Venture created!')).toBeInTheDocument();
    // One click, one venture: Save stays disabled while the request runs (spec 4).
    expect(http).toHaveBeenCalledTimes(1);
  });

  it('gives every field the same size and margin, and updates the loan-to-value as the terms change', async () => {
    renderCreate(stubFetch());
    const title = await screen.findByLabelText(/^Title/);
    const form = title.closest('form')!;
    // Title, Country and the terms alike: small, dense (Title and Country aligned, the general
    // fields as tall as the terms).
    const roots = [...form.querySelectorAll('.MuiInputBase-root')];
    expect(roots.length).toBeGreaterThan(15);
    for (const root of roots) {
      expect(root.className, root.textContent ?? '').toContain('MuiInputBase-sizeSmall');
      expect(root.closest('.MuiFormControl-root')!.className).toContain('MuiFormControl-marginDense');
    }
    const ltv = screen.getByLabelText('Loan-to-value (computed)');
    expect(ltv).toHaveValue('');
    expect(screen.getByText('Enter the target amount and the collateral value')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Target Amount/), { target: { value: '50000' } });
    fireEvent.change(screen.getByLabelText(/^Collateral Value/), { target: { value: '70000' } });
    await waitFor(() => expect(ltv).toHaveValue('71.43%'));
    expect(screen.getByText('Target amount ÷ collateral value')).toBeInTheDocument();
  });

  it('blocks a second submission while the first one runs', async () => {
    let answer: (response: Response) => void = () => {};
    const http = vi.fn(
      (_request: Request) => new Promise<Response>((resolve) => (answer = resolve)),
    ) as unknown as ReturnType<typeof stubFetch>;
    renderCreate(http);
    const user = userEvent.setup();
    for (const [label, value] of [
      [/^Title/, 'Solar'],
      [/^Short Description/, 'Short'],
      [/^Long Description/, 'Long'],
      [/^Collateral Description/, 'Land'],
      [/^Target Amount/, '1000'],
      [/^Min Investment Amount/, '50'],
      [/^Max Investment Amount/, '500'],
      [/^Expected Return/, '10'],
      [/^Investment Period/, '12'],
      [/^Closing Date/, '2030-01-31'],
      [/^Collateral Value/, '2000'],
    ] as const)
      fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    await user.click(screen.getByRole('combobox', { name: /^Country/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Kenya' }));
    await user.click(screen.getByRole('combobox', { name: /Venture Type/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'SME' }));
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(save).toBeDisabled();
    fireEvent.click(save);
    expect(http).toHaveBeenCalledTimes(1);
    answer(
      Response.json({ message: 'Venture created!', data: { _id: 'v9', title: 'Solar' } }, { status: 201 }),
    );
    expect(await screen.findByText('Venture created!')).toBeInTheDocument();
    expect(http).toHaveBeenCalledTimes(1);
  });
});

/** A fetch stub answering by method and path (openapi-fetch hands it a Request). */
function routeFetch(routes: Record<string, (request: Request) => unknown>) {
  return vi.fn(async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const answer = routes[key];
    if (!answer) return Response.json({ message: 'Not found.' }, { status: 404 });
    return Response.json(await answer(request), { headers: { 'Content-Type': 'application/json' } });
  });
}

function renderEdit(fetch: ReturnType<typeof routeFetch>, id: string) {
  const client = createApiClient({ baseUrl: 'http://backoffice.test', fetch });
  const dataProvider = createDataProvider({ app: 'corporate', client });
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
      <ResourceContextProvider value="ventures">
        <VentureEdit id={id} />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

const OWN_VENTURE = {
  _id: 'v1',
  title: 'Solar',
  shortDescription: 'Short',
  longDescription: 'Long',
  collateralDescription: 'Land',
  country: 'KE',
  ventureType: 'sme',
  riskLevel: 'medium',
  minInvestmentAmount: 50,
  maxInvestmentAmount: 500,
  targetAmount: 1000,
  amountFunded: 0,
  expectedReturn: 12.5,
  investmentPeriod: 12,
  closingDate: '2030-01-31T00:00:00.000Z',
  collateralValue: 2000,
  loanToValue: 50,
  isConvertible: false,
  repaymentType: 'bullet',
  repaymentFrequency: 'monthly',
  gracePeriods: 0,
  tags: ['a'],
  images: [],
  lifecycleStatus: 'coming-soon',
  visibility: 'draft',
  adminStatus: 'pending',
};

describe('VentureEdit', () => {
  it('loads the venture through the owner-scoped call and sends only the changed fields', async () => {
    const patches: unknown[] = [];
    const http = routeFetch({
      'GET /api/ventures/my-ventures/v1': () => ({ data: OWN_VENTURE }),
      'PATCH /api/ventures/id/v1': async (request) => {
        patches.push(await request.json());
        return { message: 'Updated successfully', data: { ...OWN_VENTURE, title: 'Solar Two' } };
      },
    });
    renderEdit(http, 'v1');
    const title = await screen.findByLabelText(/^Title/);
    await waitFor(() => expect(title).toHaveValue('Solar'));
    fireEvent.change(title, { target: { value: ' Solar Two ' } });
    fireEvent.change(screen.getByLabelText(/^Tags/), { target: { value: 'a, solar' } });
    expect(screen.getByLabelText(/^Target Amount/)).not.toHaveAttribute('readonly');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ title: 'Solar Two', tags: ['a', 'solar'] });
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
  });

  it('shows the money terms read-only with the reason once an approved venture holds money', async () => {
    const http = routeFetch({
      'GET /api/ventures/my-ventures/v1': () => ({
        data: {
          ...OWN_VENTURE,
          adminStatus: 'approved',
          lifecycleStatus: 'new',
          visibility: 'public',
          amountFunded: 300,
        },
      }),
    });
    renderEdit(http, 'v1');
    expect(
      await screen.findByText(/This venture already has investments: its money terms are read-only/),
    ).toBeInTheDocument();
    for (const label of [/^Target Amount/, /^Expected Return/, /^Closing Date/, /^Loan-to-value/]) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.readOnly || input.disabled, String(label)).toBe(true);
    }
    expect(screen.getByLabelText(/^Title/)).not.toHaveAttribute('readonly');
  });

  it("shows 'Unable to load venture details.' and no form for a venture the company does not own", async () => {
    const http = routeFetch({});
    renderEdit(http, 'theirs');
    expect(await screen.findByText('Unable to load venture details.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
    expect(new URL(http.mock.calls[0]![0].url).pathname).toBe('/api/ventures/my-ventures/theirs');
  });
});
