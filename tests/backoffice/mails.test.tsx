import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replyHref } from '../../src-backoffice/resources/mails/MailShow';
import { memoryDataProvider, renderAdmin, signedInAs, signOutCookie, type Store } from './adminScreens';

const mail = (id: string, fields: Partial<RaRecord>): RaRecord => ({
  id,
  name: 'Nia Njeri',
  email: 'nia@example.com',
  subject: 'A question',
  message: 'Hello,\nhow do repayments work?',
  excerpt: 'Hello, how do repayments work?',
  status: 'unread',
  createdAt: '2026-03-01T10:00:00.000Z',
  readAt: null,
  ...fields,
});

function store(): Store {
  return {
    mails: [
      mail('m1', { subject: 'Repayments', createdAt: '2026-03-03T10:00:00.000Z' }),
      mail('m2', {
        subject: 'Old news',
        status: 'read',
        name: 'Otto Old',
        email: 'otto@example.com',
        createdAt: '2026-03-02T10:00:00.000Z',
      }),
      mail('m3', { subject: 'Partnership', name: 'Pat Partner', createdAt: '2026-03-01T10:00:00.000Z' }),
    ],
  };
}

const ADMIN = { id: 'a1', fullName: 'Al Admin' };

/** The table row showing `text`. */
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  signOutCookie();
});

describe('Mails', () => {
  it('lists the newest first, unread ones in bold, with status and search filters', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin(`/admin/mails?filter=${encodeURIComponent('{"status":"unread"}')}`, {
      dataProvider,
      authProvider: signedInAs('admin', ADMIN),
    });
    expect(await screen.findByText('Repayments')).toBeInTheDocument();
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'mails',
      expect.objectContaining({ filter: { status: 'unread' }, sort: { field: 'createdAt', order: 'DESC' } }),
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Unread');
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    const cell = within(rowOf('Repayments')).getByText('Repayments').closest('td')!;
    expect(getComputedStyle(cell).fontWeight).toBe('700');
  });

  it('marks the selected mails read with one bulk action (updateMany)', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/mails', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const user = userEvent.setup();
    await screen.findByText('Repayments');
    expect(
      getComputedStyle(within(rowOf('Old news')).getByText('Old news').closest('td')!).fontWeight,
    ).not.toBe('700');
    await user.click(within(rowOf('Repayments')).getByRole('checkbox'));
    await user.click(within(rowOf('Partnership')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    // Undoable: the rows read "Read" at once and the call goes out when the undo toast closes.
    await waitFor(() => expect(within(rowOf('Repayments')).getByText('Read')).toBeInTheDocument());
    await waitFor(() =>
      expect(dataProvider.updateMany).toHaveBeenCalledWith(
        'mails',
        expect.objectContaining({ ids: ['m1', 'm3'], data: { status: 'read' } }),
      ),
    );
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('opens a mail (read on the server) and the list shows it read on the way back', async () => {
    const dataProvider = memoryDataProvider(store());
    renderAdmin('/admin/mails', { dataProvider, authProvider: signedInAs('admin', ADMIN) });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Repayments'));

    expect(await screen.findByText(/how do repayments work\?/)).toBeInTheDocument();
    expect(screen.getByText('Nia Njeri')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'nia@example.com' })).toHaveAttribute(
      'href',
      'mailto:nia@example.com',
    );
    expect(screen.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      'mailto:nia@example.com?subject=Re%3A%20Repayments',
    );
    expect(dataProvider.getOne).toHaveBeenCalledWith('mails', expect.objectContaining({ id: 'm1' }));

    // A slow network from now on: the list shows what react-admin cached, which must say "Read".
    dataProvider.getList.mockImplementation(() => new Promise(() => {}));
    await user.click(screen.getByRole('link', { name: 'List' }));
    await screen.findByText('Partnership');
    expect(within(rowOf('Repayments')).getByText('Read')).toBeInTheDocument();
    expect(within(rowOf('Partnership')).getByText('Unread')).toBeInTheDocument();
  });

  it('puts an opened mail back to unread and returns to the inbox', async () => {
    const dataProvider = memoryDataProvider(store());
    const router = renderAdmin('/admin/mails/m1/show', {
      dataProvider,
      authProvider: signedInAs('admin', ADMIN),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'mails',
        expect.objectContaining({ id: 'm1', data: { status: 'unread' } }),
      ),
    );
    expect(await screen.findByText('Marked as unread.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mails'));
    await waitFor(() => expect(within(rowOf('Repayments')).getByText('Unread')).toBeInTheDocument());
  });

  it('builds the reply link with the subject', () => {
    expect(replyHref('a.b+c@example.com', 'Déjà vu & more', 'Re: ')).toBe(
      'mailto:a.b%2Bc@example.com?subject=Re%3A%20D%C3%A9j%C3%A0%20vu%20%26%20more',
    );
  });
});
