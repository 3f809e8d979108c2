import type { Role } from '../../../src-shared/constants/enums';

/** Paths this single-page app renders itself; the corporate and admin areas live in the back office
 * entry (`backoffice.html`), so links to them need a full page load. */
export function isPublicAppPath(path: string): boolean {
  return !/^\/(admin|corporate)(\/|$)/.test(path);
}

/** The header's Dashboard link and the landing page after login: /{role}/overview (spec 2.2).
 * Admins and superadmins share the admin area and its Overview tab, /admin/overview. */
export function dashboardPath(role: Role): string {
  switch (role) {
    case 'user':
      return '/user/overview';
    case 'corporate':
      return '/corporate/overview';
    case 'admin':
    case 'superadmin':
      return '/admin/overview';
  }
}

/** The pages of the /dashboard/... link family (spec 2.1) that depend on the role. */
export type RoleDashboardPage = 'overview' | 'verification' | 'profile';

/**
 * Where a role-dependent /dashboard/... link leads: the role's own page. The admin area has no
 * verification or profile page, so admins land on its overview.
 */
export function roleDashboardTarget(page: RoleDashboardPage, role: Role): string {
  if (page === 'overview') return dashboardPath(role);
  switch (role) {
    case 'user':
      return `/user/${page}`;
    case 'corporate':
      return `/corporate/${page}`;
    case 'admin':
    case 'superadmin':
      return '/admin/overview';
  }
}

/** The screens a signed-in person has no reason to come back to after logging in. */
const AUTH_PAGES = [
  '/login',
  '/register',
  '/register-corporate',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
];

/** Whether the role may open the path (the same rule as the role guards). */
export function roleMayOpen(role: Role, path: string): boolean {
  if (/^\/user(\/|$)/.test(path) || /^\/dashboard\/(investments|funding)(\/|$)/.test(path))
    return role === 'user';
  if (/^\/corporate(\/|$)/.test(path)) return role === 'corporate';
  if (/^\/admin(\/|$)/.test(path)) return role === 'admin' || role === 'superadmin';
  return true;
}

export interface RememberedLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/**
 * Where a successful login goes (spec 2.1 and 4): back to the page the role guard remembered when
 * the role may open it, else the role's overview.
 */
export function pathAfterLogin(role: Role, from?: RememberedLocation | null): string {
  if (!from || AUTH_PAGES.includes(from.pathname) || !roleMayOpen(role, from.pathname))
    return dashboardPath(role);
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
