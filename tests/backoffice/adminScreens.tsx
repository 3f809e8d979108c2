/**
 * Renders the real admin console (src-backoffice/admin/App.tsx) at a path, on an in-memory
 * dataProvider that answers react-admin's verbs like the API does (filters, sort, paging, related
 * lists by `target`, a mail read on GET) and an authProvider signed in with a chosen role. The
 * dataProvider's mapping onto HTTP is proven against the real server by
 * tests/server/dataprovider-verbs.test.ts; these tests are about what the screens do.
 */
import { render } from '@testing-library/react';
import type {
  AuthProvider,
  DataProvider,
  GetListParams,
  GetManyReferenceParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AdminApp } from '../../src-backoffice/admin/App';
import { canAccess } from '../../src-backoffice/providers/canAccess';
import type { BackofficeDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { createBackofficeQueryClient } from '../../src-backoffice/providers/queryClient';
import type { Role } from '../../src-shared/constants/enums';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';

export type Store = Record<string, RaRecord[]>;

function compare(a: unknown, b: unknown): number {
  if (a == null && b == null) return 0;
  if (a == null) return -1;
  if (b == null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function matches(row: RaRecord, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined || value === '' || value === 'all') return true;
    if (key === 'search') {
      const needle = String(value).toLowerCase();
      return Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
    }
    return String(row[key]) === String(value);
  });
}

function list(rows: RaRecord[], params: GetListParams) {
  const filtered = rows.filter((row) => matches(row, params.filter ?? {}));
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const sorted = [...filtered].sort((a, b) => (order === 'ASC' ? 1 : -1) * compare(a[field], b[field]));
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

/** react-admin's verbs over `store`, each a spy. */
export function memoryDataProvider(store: Store) {
  const rows = (resource: string) => (store[resource] ??= []);
  const find = (resource: string, id: unknown) => rows(resource).find((row) => String(row.id) === String(id));
  const provider = {
    getList: vi.fn(async (resource: string, params: GetListParams) => {
      const result = list(rows(resource), params);
      // The inbox rows carry an excerpt, not the message (GET /api/admin/mails).
      if (resource !== 'mails') return result;
      return { ...result, data: result.data.map(({ message: _message, ...row }) => row as RaRecord) };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      const record = find(resource, id);
      if (!record) throw Object.assign(new Error('Not found.'), { status: 404 });
      // GET /api/admin/mails/{id} marks the mail read.
      if (resource === 'mails') Object.assign(record, { status: 'read' });
      return { data: { ...record } };
    }),
    getMany: vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
      data: ids.map((id) => find(resource, id)).filter((r): r is RaRecord => r !== undefined),
    })),
    getManyReference: vi.fn(async (resource: string, params: GetManyReferenceParams) => {
      const { target, id, ...rest } = params;
      return list(rows(resource), { ...rest, filter: { ...rest.filter, [target]: id } });
    }),
    update: vi.fn(async (resource: string, params: UpdateParams) => {
      const record = find(resource, params.id);
      if (!record) throw Object.assign(new Error('Not found.'), { status: 404 });
      Object.assign(record, params.data);
      return { data: { ...record } };
    }),
    updateMany: vi.fn(async (resource: string, params: UpdateManyParams) => {
      for (const id of params.ids) Object.assign(find(resource, id) ?? {}, params.data);
      return { data: params.ids };
    }),
    create: vi.fn(async () => Promise.reject(new Error('create is not offered'))),
    delete: vi.fn(async () => Promise.reject(new Error('delete is not offered'))),
    deleteMany: vi.fn(async () => Promise.reject(new Error('deleteMany is not offered'))),
  };
  return provider;
}

/** Signed in as `me` with `role`; permissions through the app's own canAccess table. */
export function signedInAs(role: Role, me: { id: string; fullName: string }) {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => me),
    getPermissions: vi.fn(async () => role),
    canAccess: vi.fn(async ({ resource, action }: { resource: string; action: string }) =>
      canAccess(role, { resource, action }),
    ),
  } satisfies AuthProvider;
}

/** The admin console at `path` (e.g. '/admin/users'), with the app's own query client. */
export function renderAdmin(
  path: string,
  {
    dataProvider,
    authProvider,
  }: { dataProvider: ReturnType<typeof memoryDataProvider>; authProvider: AuthProvider },
) {
  // SignedOutGuard wants the login marker cookie.
  document.cookie = 'logged_in=1; path=/';
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  const router = createMemoryRouter(
    [
      {
        path: '/admin/*',
        element: (
          <AdminApp
            dataProvider={dataProvider as unknown as DataProvider as BackofficeDataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            queryClient={createBackofficeQueryClient()}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

export function signOutCookie() {
  document.cookie = 'logged_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}
