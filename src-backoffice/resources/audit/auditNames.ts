import { useTranslate } from 'react-admin';

/**
 * The actions the server writes to the audit log (docs/audit.md, "What is audited"), by family. A
 * name the back office does not know yet (a newer server) is shown as it is.
 */
export const AUDIT_ACTIONS = [
  'balance.credit',
  'balance.deduct',
  'venture.review',
  'venture.revision_approve',
  'venture.revision_reject',
  'venture.close_funding',
  'venture.cancel',
  'servicing.repayment',
  'servicing.default',
  'servicing.recovery',
  'servicing.write_off',
  'kyc.decide',
  'protection.decide',
  'user.role',
  'user.active',
  'ticket.status',
  'mail.status',
  'business_date.set',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.export',
  'bank_statement.import',
  'bank_statement.assign',
] as const;

export const AUDIT_TARGET_TYPES = [
  'user',
  'venture',
  'ticket',
  'mail',
  'business_date',
  'withdrawal',
  'withdrawal_export',
  'bank_statement_import',
  'bank_statement_entry',
] as const;

/** The families (`servicing.*`), in the order of their first action. */
export const AUDIT_FAMILIES = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]!))];

/** Catalog keys may not hold dots inside a name: `servicing.write_off` -> `servicing__write_off`. */
const actionKey = (action: string) => `app.audit.actions.${action.replace(/\./g, '__')}`;

/** The action filter's choices: each family (`servicing.*`, "Servicing: all") then each action. */
export const actionChoices = [
  ...AUDIT_FAMILIES.map((family) => ({ id: `${family}.*`, name: `app.audit.families.${family}` })),
  ...AUDIT_ACTIONS.map((action) => ({ id: action, name: actionKey(action) })),
];

export const targetTypeChoices = AUDIT_TARGET_TYPES.map((type) => ({
  id: type,
  name: `app.audit.targets.${type}`,
}));

/** The translated name of an action and of a target type, or the raw name when there is none. */
export function useAuditNames() {
  const translate = useTranslate();
  return {
    action: (action: unknown) => translate(actionKey(String(action)), { _: String(action) }),
    targetType: (type: unknown) => translate(`app.audit.targets.${String(type)}`, { _: String(type) }),
  };
}
