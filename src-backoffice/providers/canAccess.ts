import type { Role } from '../../src-shared/constants/enums';

/**
 * Who may do what in the back office (spec section 6). Pure: the authProvider feeds it the role of
 * the signed-in profile, react-admin asks it for every menu entry, page and button.
 *
 * - admin and superadmin: the admin resources below, with the actions each screen offers.
 * - superadmin only: action `grant-admin` on `users` (grant or remove the admin/superadmin role), and
 *   `edit` on `business-date` (move the business date where the server allows it).
 * - corporate: its own ventures (list, create, edit, show), its profile, its verification, its
 *   support tickets (list, show, create; a reply in the thread goes with show), its funding page,
 *   bank account and own withdrawals (list, create, cancel).
 * - everyone else (investor, visitor, unknown role): nothing.
 *
 * Nothing may be deleted from the back office (the API has no delete calls), so `delete` is never
 * granted; react-admin then hides every delete button.
 */
export type AccessAction =
  'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'grant-admin' | (string & NonNullable<unknown>);

export interface AccessRequest {
  resource: string;
  action: AccessAction;
}

type Matrix = Readonly<Record<string, readonly string[]>>;

/** Admin resources and the actions their screens need. `balances.create` is the add-balance form. */
const ADMIN_MATRIX: Matrix = {
  users: ['list', 'show', 'edit'],
  ventures: ['list', 'show', 'edit'],
  balances: ['list', 'show', 'create'],
  'balance-histories': ['list', 'show'],
  investments: ['list', 'show'],
  mails: ['list', 'show', 'edit'],
  kyc: ['list', 'show', 'edit'],
  tickets: ['list', 'show', 'edit'],
  // Loans: the list and each loan's page, whose payment, default, recovery and write-off are `edit`.
  servicing: ['list', 'show', 'edit'],
  // Investor protection: the requests, a person's page, and the decision on a pending request (`edit`).
  protection: ['list', 'show', 'edit'],
  // The audit log (issue 26): read and export only; nothing in it can be changed.
  audit: ['list', 'export'],
  // Deposits and withdrawals (issue 27): approve or reject (`edit`, in bulk too) and the payment file
  // (`export`: the SEPA file, and the list's CSV); the files made so far; the statement upload
  // (`create` on bank-statements) and its unmatched entries, assigned to a person (`edit`).
  withdrawals: ['list', 'edit', 'export'],
  'withdrawal-exports': ['list'],
  'bank-statements': ['create'],
  'bank-statement-entries': ['list', 'edit'],
};

const SUPERADMIN_MATRIX: Matrix = {
  ...ADMIN_MATRIX,
  users: [...(ADMIN_MATRIX.users ?? []), 'grant-admin'],
  // Moving the business date (only when the server allows it: BUSINESS_DATE_CONTROL).
  'business-date': ['edit'],
};

/** `ventures` is the corporate account's own ventures (the API only ever returns its own). */
const CORPORATE_MATRIX: Matrix = {
  ventures: ['list', 'create', 'edit', 'show'],
  profile: ['show', 'edit'],
  verification: ['show', 'create'],
  tickets: ['list', 'show', 'create'],
  // Deposits and withdrawals (issue 27): its deposit instructions, its bank account, its own
  // withdrawals (request, list, cancel while requested).
  funding: ['show'],
  'bank-account': ['show', 'edit'],
  withdrawals: ['list', 'create', 'cancel'],
};

const MATRICES: Partial<Record<Role, Matrix>> = {
  admin: ADMIN_MATRIX,
  superadmin: SUPERADMIN_MATRIX,
  corporate: CORPORATE_MATRIX,
};

export function canAccess(
  role: Role | string | null | undefined,
  { resource, action }: AccessRequest,
): boolean {
  if (!role) return false;
  const matrix = MATRICES[role as Role];
  if (!matrix || !Object.prototype.hasOwnProperty.call(matrix, resource)) return false;
  return matrix[resource]?.includes(action) ?? false;
}

/** The roles each back-office app admits at sign-in. */
export type BackofficeApp = 'admin' | 'corporate';

export const APP_ROLES: Readonly<Record<BackofficeApp, readonly Role[]>> = {
  admin: ['admin', 'superadmin'],
  corporate: ['corporate'],
};

export function roleMatchesApp(app: BackofficeApp, role: unknown): role is Role {
  return typeof role === 'string' && (APP_ROLES[app] as readonly string[]).includes(role);
}
