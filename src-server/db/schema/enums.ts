import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_KINDS,
  ADMIN_STATUSES,
  INVESTMENT_STATUSES,
  KYC_STATUSES,
  LEDGER_KINDS,
  LOAN_EVENT_KINDS,
  LOAN_STATUSES,
  INSTALLMENT_STATUSES,
  INVESTOR_CATEGORIES,
  SOPHISTICATED_REQUEST_STATUSES,
  REPAYMENT_FREQUENCIES,
  REPAYMENT_TYPES,
  LIFECYCLE_STATUSES,
  MAIL_STATUSES,
  NEWSLETTER_FREQUENCIES,
  RISK_LEVELS,
  ROLES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  VENTURE_TYPES,
  VISIBILITIES,
} from '../../../src-shared/constants/enums';

export const roleEnum = pgEnum('role', ROLES);
export const newsletterFrequencyEnum = pgEnum('newsletter_frequency', NEWSLETTER_FREQUENCIES);
export const lifecycleStatusEnum = pgEnum('lifecycle_status', LIFECYCLE_STATUSES);
export const ventureTypeEnum = pgEnum('venture_type', VENTURE_TYPES);
export const riskLevelEnum = pgEnum('risk_level', RISK_LEVELS);
export const visibilityEnum = pgEnum('visibility', VISIBILITIES);
export const adminStatusEnum = pgEnum('admin_status', ADMIN_STATUSES);
export const investmentStatusEnum = pgEnum('investment_status', INVESTMENT_STATUSES);
export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);
export const kycStatusEnum = pgEnum('kyc_status', KYC_STATUSES);
export const ledgerKindEnum = pgEnum('ledger_kind', LEDGER_KINDS);
export const accountKindEnum = pgEnum('account_kind', ACCOUNT_KINDS);
export const ticketCategoryEnum = pgEnum('ticket_category', TICKET_CATEGORIES);
export const ticketStatusEnum = pgEnum('ticket_status', TICKET_STATUSES);
export const emailCodePurposeEnum = pgEnum('email_code_purpose', [
  'verify-email',
  'reset-password',
  'change-email',
]);
export const repaymentTypeEnum = pgEnum('repayment_type', REPAYMENT_TYPES);
export const repaymentFrequencyEnum = pgEnum('repayment_frequency', REPAYMENT_FREQUENCIES);
export const loanStatusEnum = pgEnum('loan_status', LOAN_STATUSES);
export const installmentStatusEnum = pgEnum('installment_status', INSTALLMENT_STATUSES);
export const loanEventKindEnum = pgEnum('loan_event_kind', LOAN_EVENT_KINDS);
export const investorCategoryEnum = pgEnum('investor_category', INVESTOR_CATEGORIES);
export const sophisticatedRequestStatusEnum = pgEnum(
  'sophisticated_request_status',
  SOPHISTICATED_REQUEST_STATUSES,
);
