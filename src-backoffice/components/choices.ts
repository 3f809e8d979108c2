import {
  ADMIN_STATUSES,
  INSTALLMENT_STATUSES,
  INVESTMENT_STATUSES,
  KYC_STATUSES,
  LEDGER_KINDS,
  LIFECYCLE_STATUSES,
  LOAN_EVENT_KINDS,
  LOAN_STATUSES,
  MAIL_STATUSES,
  NEWSLETTER_FREQUENCIES,
  REPAYMENT_FREQUENCIES,
  REPAYMENT_TYPES,
  RISK_LEVELS,
  ROLES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  VENTURE_TYPES,
  VISIBILITIES,
} from '../../src-shared/constants/enums';

/** The enumerations the back office shows; their labels live under `app.enums.{name}.{value}`. */
export const ENUMS = {
  role: ROLES,
  lifecycleStatus: LIFECYCLE_STATUSES,
  ventureType: VENTURE_TYPES,
  riskLevel: RISK_LEVELS,
  visibility: VISIBILITIES,
  adminStatus: ADMIN_STATUSES,
  investmentStatus: INVESTMENT_STATUSES,
  mailStatus: MAIL_STATUSES,
  kycStatus: KYC_STATUSES,
  ledgerKind: LEDGER_KINDS,
  newsletterFrequency: NEWSLETTER_FREQUENCIES,
  ticketCategory: TICKET_CATEGORIES,
  ticketStatus: TICKET_STATUSES,
  loanStatus: LOAN_STATUSES,
  installmentStatus: INSTALLMENT_STATUSES,
  loanEventKind: LOAN_EVENT_KINDS,
  repaymentType: REPAYMENT_TYPES,
  repaymentFrequency: REPAYMENT_FREQUENCIES,
} as const;

export type EnumName = keyof typeof ENUMS;

/** SelectInput choices whose names are translation keys (react-admin translates them). */
export function enumChoices(name: EnumName): Array<{ id: string; name: string }> {
  return ENUMS[name].map((value) => ({ id: value, name: `app.enums.${name}.${value}` }));
}
