/** Enumerations of spec section 3 and 4, shared by the database schema, the API and both web entries. */
export const ROLES = ['user', 'corporate', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const NEWSLETTER_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly', 'never'] as const;
export type NewsletterFrequency = (typeof NEWSLETTER_FREQUENCIES)[number];

export const LIFECYCLE_STATUSES = ['coming-soon', 'new', 'funded', 'repaid'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

export const VENTURE_TYPES = ['business', 'sme', 'leasing', 'realestate'] as const;
export type VentureType = (typeof VENTURE_TYPES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const VISIBILITIES = ['public', 'private', 'draft'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const ADMIN_STATUSES = ['pending', 'under-review', 'approved', 'rejected'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** `refunded` is an addition to the spec's three (a cancelled venture refunds its investors);
 * `written_off` follows its loan's write-off (API contract, "Loan servicing"). */
export const INVESTMENT_STATUSES = [
  'invested',
  'completed',
  'repaid',
  'refunded',
  'written_off',
  /** Revoked by its investor within the reflection period (EU 2020/1503, Art. 22): refunded in full. */
  'revoked',
] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

export const MAIL_STATUSES = ['unread', 'read'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const KYC_STATUSES = ['not_started', 'pending', 'complete', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Support tickets (API contract, "Support tickets"). */
export const TICKET_CATEGORIES = ['payments', 'account', 'investment', 'technical', 'complaint'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const LEDGER_KINDS = [
  'deposit',
  'withdrawal',
  'adjustment',
  'investment',
  'refund',
  'disbursement',
  'repayment',
  /** A company's payment of a loan instalment from its platform balance (loan servicing). */
  'instalment',
  /** Money recovered on a defaulted loan, net of the costs of recovering it. */
  'recovery',
  /** An investment revoked within the reflection period (EU 2020/1503, Art. 22): escrow -> investor. */
  'revocation',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ACCOUNT_KINDS = ['user', 'escrow', 'platform'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The languages offered. `name` is the language named in itself (its endonym), the same whatever
 * language the page is in, so that someone who switched by mistake recognises their own (issue 30,
 * decision 0180): not translated, and shown with `lang={code}` for screen readers. */
export const LANGUAGES = [
  { code: 'en', name: 'English', flag: '/flags/gb.svg' },
  { code: 'de', name: 'Deutsch', flag: '/flags/de.svg' },
  { code: 'es', name: 'Español', flag: '/flags/es.svg' },
  { code: 'fr', name: 'Français', flag: '/flags/fr.svg' },
] as const;

/** A language's name in itself (see LANGUAGES); the code itself for an unknown one. */
export function languageEndonym(code: string): string {
  return LANGUAGES.find((language) => language.code === code)?.name ?? code;
}
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];

/** A loan's repayment terms (API contract, "Loan servicing"): money terms of the venture, frozen like the others. */
export const REPAYMENT_TYPES = ['bullet', 'annuity', 'equal_principal'] as const;
export type RepaymentType = (typeof REPAYMENT_TYPES)[number];

export const REPAYMENT_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type RepaymentFrequency = (typeof REPAYMENT_FREQUENCIES)[number];

/** A loan's status, from its oldest unpaid instalment's days past due, or from an admin's action. */
export const LOAN_STATUSES = [
  'current',
  'late_1_15',
  'late_16_30',
  'late_31_60',
  'late_61_90',
  'default',
  'recovery',
  'repaid',
  'written_off',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** The late buckets and default: a loan in one of these is past due. */
export const LATE_LOAN_STATUSES = ['late_1_15', 'late_16_30', 'late_31_60', 'late_61_90'] as const;

export const INSTALLMENT_STATUSES = ['scheduled', 'late', 'paid', 'written_off'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** What happened to a loan, in order: its status history and its default events (2022/2115). */
export const LOAN_EVENT_KINDS = [
  'disbursed',
  'payment',
  'status',
  'default',
  'recovery',
  'write_off',
] as const;
export type LoanEventKind = (typeof LOAN_EVENT_KINDS)[number];

/** Investor categories of EU 2020/1503 (Art. 2(1)(j) and Annex II): every investor is
 * non-sophisticated until an admin accepts their request. */
export const INVESTOR_CATEGORIES = ['non_sophisticated', 'sophisticated'] as const;
export type InvestorCategory = (typeof INVESTOR_CATEGORIES)[number];

export const SOPHISTICATED_REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type SophisticatedRequestStatus = (typeof SOPHISTICATED_REQUEST_STATUSES)[number];

/** The knowledge test's five topics (API contract, "Investor protection"; Delegated Regulation 2022/2114). */
export const KNOWLEDGE_TOPICS = [
  'past_investments',
  'lending_risks',
  'crowdfunding_experience',
  'reflection_period',
  'diversification',
] as const;
export type KnowledgeTopic = (typeof KNOWLEDGE_TOPICS)[number];

/** Annex II of EU 2020/1503: the criteria a sophisticated investor claims (the contract asks for at
 * least two). Legal persons, Annex II point I(1): own funds of at least EUR 100,000, a net turnover of
 * at least EUR 2,000,000, or a balance sheet of at least EUR 1,000,000. Natural persons, point I(2)
 * (at least two of): (a) gross income of at least EUR 60,000 a fiscal year, or a portfolio of cash
 * deposits and financial assets above EUR 100,000; (b) at least one year in the financial sector in a
 * professional position requiring knowledge of the transactions, or an executive position for at least
 * 12 months in a legal person of point I(1) (one point, two entries here: `financial_sector_experience`
 * and `executive_position`; decision 0111 flags a claim of only those two to the admin); (c) transactions
 * of significant size on capital markets at an average of 10 a quarter over the last four quarters. */
export const SOPHISTICATED_CRITERIA = [
  'income_or_portfolio',
  'financial_sector_experience',
  'executive_position',
  'capital_market_transactions',
  'legal_own_funds',
  'legal_net_turnover',
  'legal_balance_sheet',
] as const;
export type SophisticatedCriterion = (typeof SOPHISTICATED_CRITERIA)[number];

/** Deposits and withdrawals (API contract, "Deposits and withdrawals"): a withdrawal's steps. */
export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'sent', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** A bank-statement entry: credited by its reference, listed as unmatched, or assigned by an admin. */
export const STATEMENT_ENTRY_STATUSES = ['credited', 'unmatched', 'assigned'] as const;
export type StatementEntryStatus = (typeof STATEMENT_ENTRY_STATUSES)[number];
/** Why an entry was not credited by itself (decision 0135). */
export const UNMATCHED_REASONS = [
  'no_reference',
  'unknown_reference',
  'several_references',
  'batch',
  'debit',
  'returned',
  'currency',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];
