import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentReference } from '../../src-shared/rules/funding';
import { memoryDataProvider, renderAdmin, signedInAs, signOutCookie, type Store } from './adminScreens';

const person = (id: string, fields: Partial<RaRecord>): RaRecord => ({
  id,
  email: `${id}@example.com`,
  firstName: '',
  lastName: '',
  phone: '+254700000000',
  countryName: 'Kenya',
  city: 'Nairobi',
  address: '1 Moi Avenue',
  role: 'user',
  isActive: true,
  emailVerified: true,
  kycStatus: 'not_started',
  companyName: null,
  legalForm: null,
  registrationNumber: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  lastLoginAt: null,
  balance: 0,
  ...fields,
});

function store(): Store {
  return {
    users: [
      person('u1', {
        firstName: 'Ivy',
        lastName: 'Investor',
        kycStatus: 'pending',
        balance: 150,
        createdAt: '2026-01-12T09:00:00.000Z',
      }),
      person('u2', {
        firstName: 'Sam',
        lastName: 'Sunrise',
        role: 'corporate',
        companyName: 'Sunrise Ltd',
        legalForm: 'Ltd',
        registrationNumber: 'PVT-123',
        createdAt: '2026-01-11T09:00:00.000Z',
      }),
      person('u3', { firstName: 'Adam', lastName: 'Admin', role: 'admin', email: 'adam@example.com' }),
      person('sa1', { firstName: 'Sue', lastName: 'Super', role: 'superadmin' }),
    ],
    tickets: [
      {
        id: 't1',
        userId: 'u1',
        number: 3,
        subject: 'Where is my payout?',
        category: 'payments',
        status: 'in_progress',
        respondBy: null,
        createdAt: '2026-02-03T10:00:00.000Z',
      },
      {
        id: 't2',
        userId: 'u2',
        number: 4,
        subject: 'Not their ticket',
        category: 'account',
        status: 'open',
        respondBy: null,
        createdAt: '2026-02-04T10:00:00.000Z',
      },
    ],
    'balance-histories': [
      {
        id: 'h1',
        userId: 'u1',
        at: '2026-02-01T10:00:00.000Z',
        kind: 'deposit',
        amount: 200,
        balanceBefore: 0,
        balanceAfter: 200,
        note: 'Bank transfer',
        proofUrl: '/api/balances/proofs/h1',
      },
      {
        id: 'h2',
        userId: 'u1',
        at: '2026-02-02T10:00:00.000Z',
        kind: 'investment',
        amount: -50,
        balanceBefore: 200,
        balanceAfter: 150,
        note: 'Solar Schools',
        proofUrl: null,
      },
      {
        id: 'h3',
        userId: 'u2',
        at: '2026-02-03T10:00:00.000Z',
        kind: 'deposit',
        amount: 999,
        balanceBefore: 0,
        balanceAfter: 999,
        note: 'Someone else',
        proofUrl: null,
      },
    ],
    investments: [
      {
        id: 'i1',
        userId: 'u1',
        venture: { _id: 'v1', title: 'Solar Schools' },
        amount: 50,
        status: 'invested',
        investmentDate: '2026-02-02T10:00:00.000Z',
      },
      {
        id: 'i2',
        userId: 'u2',
        venture: { _id: 'v2', title: 'Not Theirs' },
        amount: 70,
        status: 'invested',
        investmentDate: '2026-02-02T10:00:00.000Z',
      },
    ],
  };
}

/** Resolves once the screen has asked who is signed in and whether they may grant admin roles,
 * so a button that is absent is absent for that reason and not because nothing was known yet. */
async function permissionsKnown(auth: ReturnType<typeof signedInAs>) {
  await waitFor(() => {
    expect(auth.getIdentity).toHaveBeenCalled();
    expect(auth.canAccess).toHaveBeenCalledWith(expect.objectContaining({ action: 'grant-admin' }));
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const ADMIN = { id: 'a1', fullName: 'Al Admin' };
const SUPERADMIN = { id: 'sa1', fullName: 'Sue Super' };

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  signOutCookie();
});

describe('Users list', () => {
  it('takes the role filter from the URL and shows numbered rows, 10 a page, newest first', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin(`/admin/users?filter=${encodeURIComponent('{"role":"corporate"}')}`, {
      dataProvider,
      authProvider: signedInAs('admin', ADMIN),
    });
    expect(await screen.findByText('u2@example.com')).toBeInTheDocument();
    expect(screen.queryByText('u1@example.com')).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({
        filter: { role: 'corporate' },
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
      }),
    );
    // The role select shows the URL's filter.
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Corporate');
    const row = screen.getByText('u2@example.com').closest('tr')!;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('Sam Sunrise')).toBeInTheDocument();
  });

  it('sorts by a column the API sorts and offers the CSV export and the column chooser', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/users', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    await screen.findByText('u1@example.com');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /sort by email/i }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'users',
        expect.objectContaining({ sort: { field: 'email', order: 'ASC' } }),
      ),
    );
    // Phone is not sortable by the API: no sort button in its header.
    expect(screen.queryByRole('button', { name: /sort by phone/i })).not.toBeInTheDocument();
  });
});

describe('Users at phone width', () => {
  it('shows a one-column list instead of the table', async () => {
    // MUI's useMediaQuery reads matchMedia: every "max-width" query matches, as on a 390 px phone.
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    try {
      const dataProvider = memoryDataProvider(store());
      renderAdmin('/admin/users', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
      expect(await screen.findByText('Ivy Investor')).toBeInTheDocument();
      expect(screen.getByText('u1@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Ivy Investor/ })).toHaveAttribute(
        'href',
        '/admin/users/u1/show',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('User show', () => {
  it("shows an admin the person's profile, Add balance and Deactivate, but no role change", async () => {
    const dataProvider = memoryDataProvider(store());
    const authProvider = signedInAs('admin', ADMIN);
    renderAdmin('/admin/users/u2/show', { dataProvider, authProvider });
    expect(await screen.findByText('Sunrise Ltd')).toBeInTheDocument();
    await permissionsKnown(authProvider);
    for (const text of ['u2@example.com', '+254700000000', 'Kenya', 'Nairobi', '1 Moi Avenue', 'PVT-123'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Registration Number')).toBeInTheDocument();
    // The reference of the person's bank transfers, to match a deposit to them.
    expect(screen.getByText('Payment reference')).toBeInTheDocument();
    expect(screen.getByText(paymentReference('u2'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Balance' })).toHaveAttribute(
      'href',
      '/admin/balances/add-balance/u2',
    );
    expect(screen.queryByText('Change role')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
  });

  it("offers a plain admin no action on an admin's account", async () => {
    const dataProvider = memoryDataProvider(store());
    const authProvider = signedInAs('admin', ADMIN);
    renderAdmin('/admin/users/u3/show', { dataProvider, authProvider });
    expect(await screen.findByText('adam@example.com')).toBeInTheDocument();
    // An admin holds no money: no payment reference.
    expect(screen.queryByText('Payment reference')).not.toBeInTheDocument();
    await permissionsKnown(authProvider);
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Balance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
  });

  it('lets a superadmin change a role after a confirmation', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/users/u1/show', { dataProvider, authProvider: signedInAs('superadmin', SUPERADMIN) });
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Role' });
    expect(screen.getByRole('button', { name: 'Save role' })).toBeDisabled();
    await user.click(select);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change the role of Ivy Investor?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Ivy Investor goes from Investor to Admin. The new rights apply from their next request.',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'users',
        expect.objectContaining({ id: 'u1', data: { role: 'admin' } }),
      ),
    );
    expect(await screen.findByText('The role of Ivy Investor was changed.')).toBeInTheDocument();
  });

  it('offers a superadmin neither a role change nor deactivation of their own account', async () => {
    const dataProvider = memoryDataProvider(store());
    const authProvider = signedInAs('superadmin', SUPERADMIN);
    renderAdmin('/admin/users/sa1/show', { dataProvider, authProvider });
    expect(await screen.findByText('sa1@example.com')).toBeInTheDocument();
    await permissionsKnown(authProvider);
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('deactivates after a confirmation stating that the sessions end, then shows the new state', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/users/u1/show', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deactivate Ivy Investor?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Ivy Investor will no longer be able to sign in, and every open session of theirs ends now.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'users',
        expect.objectContaining({ id: 'u1', data: { isActive: false } }),
      ),
    );
    expect(
      await screen.findByText('Ivy Investor is deactivated and signed out everywhere.'),
    ).toBeInTheDocument();
    // The page reads the person again: the action is now the opposite one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument());
    expect(
      dataProvider.getOne.mock.calls.filter(([resource]) => resource === 'users').length,
    ).toBeGreaterThan(1);
  });

  it("shows the server's refusal as its translated message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataProvider = memoryDataProvider(store());
    dataProvider.update.mockRejectedValueOnce(
      new HttpError('You cannot change the role of an account that holds money.', 409, {
        code: 'user.role_change_in_use',
      }),
    );
    renderAdmin('/admin/users/u1/show', { dataProvider, authProvider: signedInAs('superadmin', SUPERADMIN) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Corporate' }));
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save role' }));
    expect(
      await screen.findByText('You cannot change the role of an account that holds money.'),
    ).toBeInTheDocument();
  });

  it("lists the person's balance history, investments and verification in tabs", async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/users/u1/show', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Balance history' }));
    expect(await screen.findByText('Bank transfer')).toBeInTheDocument();
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'balance-histories',
      expect.objectContaining({ target: 'userId', id: 'u1', sort: { field: 'at', order: 'DESC' } }),
    );
    expect(screen.queryByText('Someone else')).not.toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    // Newest first; amounts signed.
    expect(within(rows[0]!).getByText(/-€50\.00/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/\+€200\.00/)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: /View proof/ })).toHaveAttribute(
      'href',
      '/api/balances/proofs/h1',
    );

    await user.click(screen.getByRole('tab', { name: 'Investments' }));
    const venture = await screen.findByRole('link', { name: 'Solar Schools' });
    expect(venture).toHaveAttribute('href', '/admin/ventures/v1/show');
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'investments',
      expect.objectContaining({ target: 'userId', id: 'u1' }),
    );
    expect(screen.queryByText('Not Theirs')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Verification' }));
    expect(await screen.findByRole('link', { name: 'Open verification' })).toHaveAttribute(
      'href',
      '/admin/kyc/u1/show',
    );
    expect(screen.getByText('Pending')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Tickets' }));
    const ticketRow = (await screen.findByText('Where is my payout?')).closest('tr')!;
    expect(within(ticketRow).getByText('#3')).toBeInTheDocument();
    expect(within(ticketRow).getByText('In Progress')).toBeInTheDocument();
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'tickets',
      expect.objectContaining({ target: 'userId', id: 'u1', sort: { field: 'createdAt', order: 'DESC' } }),
    );
    expect(screen.queryByText('Not their ticket')).not.toBeInTheDocument();
  });
});

describe('Users list polish (issue 30, item 5)', () => {
  it('shows the identity verification status as a column and filters by it (sent as kycStatus)', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/users', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const row = (await screen.findByText('u1@example.com')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: /Verification/ })).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Verification' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Pending' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'users',
        expect.objectContaining({ filter: { kycStatus: 'pending' } }),
      ),
    );
    await waitFor(() => expect(screen.queryByText('u2@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('u1@example.com')).toBeInTheDocument();
  });

  it('keeps phone numbers and the Actions column on one line', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/users', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const row = (await screen.findByText('u1@example.com')).closest('tr')!;
    const phone = within(row).getByText('+254700000000').closest('td')!;
    expect(getComputedStyle(phone).whiteSpace).toBe('nowrap');
    const actions = (await within(row).findByRole('button', { name: 'Deactivate' })).closest('td')!;
    expect(getComputedStyle(actions).whiteSpace).toBe('nowrap');
  });

  it('deactivates the selected people after a dialog naming them, one PATCH each, and says what was done', async () => {
    const data = store();
    data.users!.push(person('u4', { firstName: 'Otto', lastName: 'Off', isActive: false }));
    const dataProvider = memoryDataProvider(data);
    renderAdmin('/admin/users', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const user = userEvent.setup();
    for (const email of ['u1@example.com', 'u2@example.com', 'u4@example.com']) {
      const row = (await screen.findByText(email)).closest('tr')!;
      await user.click(within(row).getByRole('checkbox'));
    }
    const toolbar = await screen.findByText('3 items selected');
    const bulk = toolbar.closest('.RaBulkActionsToolbar-toolbar') as HTMLElement;
    expect(within(bulk).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(bulk).getByRole('button', { name: 'Export selection' })).toBeInTheDocument();
    await user.click(within(bulk).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 3 people?' });
    for (const name of [
      'Ivy Investor (u1@example.com)',
      'Sam Sunrise (u2@example.com)',
      'Otto Off (u4@example.com)',
    ])
      expect(within(dialog).getByText(name)).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText('Done: 2, left alone: 1, refused: 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Left alone: already inactive')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledTimes(2);
    expect(dataProvider.update).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ id: 'u1', data: { isActive: false } }),
    );
    expect(dataProvider.update).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ id: 'u2', data: { isActive: false } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('3 items selected')).not.toBeInTheDocument());
  });

  it('shows a refusal of the server beside the name it concerns', async () => {
    const dataProvider = memoryDataProvider(store());
    dataProvider.update.mockImplementationOnce(async () => {
      throw new HttpError('Only a superadmin can deactivate or reactivate an admin account.', 403, {});
    });
    renderAdmin('/admin/users', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const user = userEvent.setup();
    const row = (await screen.findByText('adam@example.com')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    const bulk = (await screen.findByText('1 item selected')).closest(
      '.RaBulkActionsToolbar-toolbar',
    ) as HTMLElement;
    await user.click(within(bulk).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 1 person?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText('Done: 0, left alone: 0, refused: 1.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Refused: Only a superadmin can deactivate or reactivate an admin account.'),
    ).toBeInTheDocument();
  });
});
