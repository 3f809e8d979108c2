import { useCanAccess, useGetIdentity } from 'react-admin';
import type { AdminUser } from '../../../src-shared/contracts/users';

export interface UserPowers {
  /** The signed-in admin is looking at their own account. */
  isSelf: boolean;
  /** Activate/deactivate: never oneself; an admin's or superadmin's account only by a superadmin. */
  canToggleActive: boolean;
  /** Change the role: superadmins only (`grant-admin`, providers/canAccess.ts), never their own. */
  canChangeRole: boolean;
  /** Credit or debit: investors and corporate accounts hold the balances (admins have none). */
  canAddBalance: boolean;
}

const ADMIN_ROLES: ReadonlyArray<string> = ['admin', 'superadmin'];
const MONEY_ROLES: ReadonlyArray<string> = ['user', 'corporate'];

/**
 * What the signed-in admin may do to `record` (API contract, "Users and mails": only a superadmin
 * grants or removes admin roles or (de)activates an admin; nobody deactivates or re-roles
 * themselves). Everything is false until the identity and permissions are known.
 */
export function useUserPowers(record: Pick<AdminUser, 'id' | 'role'> | undefined): UserPowers {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
  const { canAccess: canGrantAdmin } = useCanAccess({ resource: 'users', action: 'grant-admin' });
  const { canAccess: canCredit } = useCanAccess({ resource: 'balances', action: 'create' });
  if (!record || identityPending || !identity) {
    return { isSelf: false, canToggleActive: false, canChangeRole: false, canAddBalance: false };
  }
  const isSelf = String(identity.id) === String(record.id);
  const adminAccount = ADMIN_ROLES.includes(record.role);
  return {
    isSelf,
    canToggleActive: canEdit === true && !isSelf && (!adminAccount || canGrantAdmin === true),
    canChangeRole: canEdit === true && canGrantAdmin === true && !isSelf,
    canAddBalance: canCredit === true && MONEY_ROLES.includes(record.role),
  };
}
