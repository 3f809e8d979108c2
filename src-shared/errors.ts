/**
 * Stable error codes: the one table of every error the server sends. The server answers
 * `{ message, code, params?, errors?, codes? }`: `code` names the error, `message` is the English text
 * below (the API contract's wording, for API clients), `params` fill its `{{placeholders}}`, and
 * `codes` names each field's error beside `errors` (its English text). Clients translate by code
 * through i18next: the English catalog of the `errors` namespace is this table, and de/es/fr have
 * `src-shared/i18n/locales/{lang}/errors.json` with the same keys (a test checks).
 *
 * Codes are `area.snake_case`; never reuse a code for another meaning, and never change one a client
 * may know: add a new one. Parameters named `amount` or ending in `Amount` are euro amounts (numbers),
 * formatted in the reader's language.
 */
import {
  ADMIN_STATUSES,
  INVESTMENT_STATUSES,
  LIFECYCLE_STATUSES,
  RISK_LEVELS,
  VENTURE_TYPES,
  VISIBILITIES,
} from './constants/enums';
import { FALLBACK_ERROR_TEXTS } from './errorFallbacks';
import { formatEuros } from './money';

const oneOf = (values: readonly string[]) => values.join(', ');
const CLOSING_IN = ['1d', '2d', '3d', '7d', '14d', '21d', '30d', '60d', '90d'];

export const ERROR_TEXTS = {
  // General
  'common.server_error': FALLBACK_ERROR_TEXTS['common.server_error'],
  'common.unavailable': 'The service is temporarily unavailable. Please try again shortly.',
  'common.not_found': 'Not found.',
  'common.invalid_input': 'Invalid input.',
  'common.invalid_request': 'Invalid request.',
  'common.invalid_value': 'Invalid value.',
  'common.too_many_requests': 'Too many requests. Please try again later.',
  'common.invalid_json': 'The request body is not valid JSON.',
  'common.empty_body': 'The request body is empty.',
  'common.body_too_large': 'The request body is too large.',
  'common.unsupported_media_type': 'Unsupported content type.',
  'common.invalid_content_length': 'Invalid Content-Length.',
  'common.file_too_large': 'The file is too large.',
  'common.too_many_files': 'Too many files.',
  'common.not_multipart': 'The request is not multipart/form-data.',
  'common.invalid_multipart': 'The multipart/form-data body is malformed.',
  'common.too_many_parts': 'Too many form fields.',
  'common.empty_file': 'The file is empty.',
  'common.unknown_file_field': 'This form takes no file named {{name}}.',
  'common.image_too_large': 'The image is too large (at most 40 megapixels).',
  'common.pdf_active_content':
    'PDF files with scripts, automatic actions or attached files are not accepted. Please upload a plain PDF or a picture.',
  'common.pdf_encrypted':
    'Encrypted PDF files cannot be checked. Please upload an unprotected copy or a picture.',
  'common.invalid_url': 'The address of the request is malformed.',
  'common.cross_site': 'Cross-site requests are not allowed.',
  'common.too_long_40': 'At most 40 characters.',
  'common.too_long_80': 'At most 80 characters.',
  'common.too_long_200': 'At most 200 characters.',
  'common.too_long_300': 'At most 300 characters.',
  'common.reason_too_long': 'Reason must be at most 1000 characters.',
  'common.filter_id_invalid': '{{field}} must be an id (UUID).',
  'common.filter_date_invalid': '{{field}} must be a date (YYYY-MM-DD).',
  'common.filter_date_range': 'The start date (from) must not be after the end date (to).',
  'common.sort_order_invalid': "{{field}} must be 'asc' or 'desc'",
  'user.not_found': 'User not found.',
  // Users (admin) and the contact form's mails
  'user.filter_role': 'role must be one of all, user, corporate, admin, superadmin',
  'user.filter_is_active': 'isActive must be one of all, true, false',
  'user.is_active_not_boolean': 'isActive must be true or false',
  'user.role_invalid': 'role must be one of user, corporate, admin, superadmin',
  'user.nothing_to_update': 'Send isActive, role or both.',
  'user.cannot_deactivate_self': 'You cannot deactivate your own account.',
  'user.cannot_change_own_role': 'You cannot change your own role.',
  'user.admin_roles_superadmin_only': 'Only a superadmin can grant or remove the admin or superadmin role.',
  'user.admin_accounts_superadmin_only': 'Only a superadmin can deactivate or reactivate an admin account.',
  'user.role_change_in_use':
    'This account holds a balance, investments or ventures, so it cannot change to that role.',
  'contact.name_required': 'Name is required.',
  'contact.name_too_long': 'Name must be at most 100 characters.',
  'contact.subject_required': 'Subject is required.',
  'contact.subject_too_long': 'Subject must be at most 150 characters.',
  'contact.message_required': 'Message is required.',
  'contact.message_too_long': 'Message must be at most 5000 characters.',
  'contact.too_many_messages': 'You have sent several messages in a short time. Please try again later.',
  'ticket.too_many_tickets':
    'You have opened several tickets in a short time. Please add to an open ticket or try again later.',
  'ticket.too_many_replies': 'You have sent many replies in a short time. Please try again later.',
  'mail.not_found': 'Message not found.',
  'mail.filter_status': 'status must be one of all, unread, read',
  'mail.status_invalid': 'status must be unread or read',
  // Support tickets
  'ticket.not_found': 'Ticket not found.',
  'ticket.subject_required': 'Subject is required.',
  'ticket.subject_too_short': 'Subject must be at least 3 characters.',
  'ticket.subject_too_long': 'Subject must be at most 150 characters.',
  'ticket.category_invalid': 'Choose a category: payments, account, investment, technical or complaint.',
  'ticket.message_required': 'Message is required.',
  'ticket.message_too_long': 'Message must be at most 5000 characters.',
  'ticket.closed': 'This ticket is closed.',
  'ticket.filter_status': 'status must be one of all, open, in_progress, resolved, closed',
  'ticket.filter_category':
    'category must be one of all, payments, account, investment, technical, complaint',
  'ticket.status_invalid': 'status must be one of open, in_progress, resolved, closed',
  // Sessions, sign-in and e-mail codes
  'auth.login_required': 'Please log in.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.email_taken': 'Email is already registered.',
  'auth.email_required': 'Email is required.',
  'auth.email_too_long': 'Email is too long.',
  'auth.email_invalid': 'Invalid email address.',
  'auth.email_not_verified': 'Please verify your email before logging in.',
  'auth.email_already_verified': 'Email is already verified.',
  'auth.invalid_credentials': 'Invalid email or password.',
  'auth.deactivated': 'Your account is deactivated.',
  'auth.password_required': 'Password is required.',
  'auth.password_too_long': 'Password must be at most 128 characters.',
  'auth.password_min_8': 'Password must be at least 8 characters.',
  'auth.password_min_6': 'Password must be at least 6 characters.',
  'auth.code_required': 'Email and OTP are required.',
  'auth.code_digits': 'The code has 6 digits.',
  'auth.invalid_code': 'Invalid or expired code.',
  'auth.code_burnt': 'Too many wrong codes. Please request a new one.',
  'auth.resend_too_soon': 'Please wait a minute before requesting another code.',
  'auth.too_many_attempts': 'Too many attempts. Please try again later.',
  'auth.wrong_current_password': 'Current password is incorrect.',
  // Registration and profile fields
  'profile.first_name_required': 'First name is required.',
  'profile.last_name_required': 'Last name is required.',
  'profile.phone_required': 'Phone is required.',
  'profile.country_required': 'Country is required.',
  'profile.city_required': 'City is required.',
  'profile.address_required': 'Address is required.',
  'profile.choose_country': 'Please choose a country from the list.',
  'profile.choose_city': 'Please choose a city of the selected country.',
  'profile.company_name_required': 'Company name is required.',
  'profile.choose_legal_form': 'Please choose a legal form from the list.',
  'profile.registration_number_required': 'Registration number is required.',
  'profile.registered_address_required': 'Registered address is required.',
  'profile.company_phone_required': 'Company phone is required.',
  'profile.passwords_together': 'Enter both the current and the new password to change it.',
  // Identity verification
  'kyc.already_verified': 'Your identity is already verified.',
  'kyc.under_review': 'Your documents are being reviewed. We will e-mail you the result.',
  'kyc.provider_unavailable': 'The verification service is not available right now. Please try again later.',
  'kyc.invalid_link': 'This verification link is invalid or has expired.',
  'kyc.not_multipart': 'Send the documents as multipart/form-data.',
  'kyc.file_too_large': 'Each file may be at most 10 MB.',
  'kyc.wrong_file_type': 'Files must be JPEG, PNG or PDF.',
  'kyc.document_type_required': 'Choose the type of your identity document.',
  'kyc.date_of_birth_required': 'Date of birth is required.',
  'kyc.date_of_birth_format': 'Date of birth must be a date (YYYY-MM-DD).',
  'kyc.date_of_birth_unreal': 'Date of birth must be a real date in the past.',
  'kyc.under_age': 'You must be at least {{minAge}} years old.',
  'kyc.nationality_required': 'Choose your nationality.',
  'kyc.address_required': 'Address is required.',
  'kyc.address_too_long': 'Address must be at most 300 characters.',
  'kyc.document_front_missing': 'Upload the front of your document.',
  'kyc.document_back_missing': 'Upload the back of your document.',
  'kyc.selfie_missing': 'Upload a selfie.',
  'kyc.not_started': 'This person has not started a verification.',
  'kyc.already_approved': 'This verification is already approved.',
  'kyc.already_rejected': 'This verification is already rejected.',
  'kyc.reason_required': 'A reason is required to reject a verification.',
  'kyc.status_unknown': 'Unknown status.',
  'kyc.decision_invalid': "Status must be 'complete' or 'rejected'.",
  'kyc.sort_by_unknown': "sortBy must be 'submittedAt' or 'decidedAt'.",
  'kyc.document_not_found': 'Document not found.',
  'kyc.unknown_session': 'Unknown verification session.',
  'kyc.webhook_not_configured': 'No verification provider webhook is configured.',
  'kyc.webhook_body_not_json': 'The request body must be JSON.',
  'kyc.webhook_bad_signature': 'Invalid webhook signature.',
  'kyc.webhook_stale': 'Webhook timestamp is outside the allowed 300 seconds.',
  'kyc.webhook_not_verification_event': 'The event is not a verification event.',
  // Amounts and balances
  'money.amount_required': 'Amount is required',
  'money.amount_not_number': 'Amount must be a number',
  'money.amount_two_decimals': 'Amount must be an amount with at most two decimals',
  'money.amount_positive': 'Amount must be more than 0',
  'balance.amount_zero': 'Amount must not be 0',
  'balance.note_too_long': 'Note must be at most 500 characters',
  'balance.insufficient': 'Insufficient balance.',
  'balance.not_multipart': 'Send the amount as multipart/form-data.',
  'balance.proof_too_large': 'The proof may be at most 10 MB.',
  'balance.proof_wrong_type': 'The proof must be a JPEG, PNG or PDF file.',
  'balance.proof_not_found': 'Proof not found.',
  'balance.sort_invalid': "sortBy must be 'updatedAt' or 'balance'",
  'balance.history_sort_invalid': "sortBy must be 'at' or 'amount'",
  'balance.filter_kind':
    'kind must be one of all, deposit, withdrawal, adjustment, investment, refund, disbursement, repayment',
  'idempotency.invalid_key': 'Idempotency-Key must be 1 to 200 visible ASCII characters.',
  'idempotency.in_progress': 'A request with this Idempotency-Key is in progress.',
  'idempotency.key_reused': 'This Idempotency-Key was already used with a different request.',
  // Ventures: the form's fields ({{field}} is the field's name, in English 'Target Amount')
  'venture.field_required': '{{field}} is required',
  'venture.field_not_text': '{{field}} must be text',
  'venture.field_too_long_200': '{{field}} must be at most 200 characters',
  'venture.field_too_long_500': '{{field}} must be at most 500 characters',
  'venture.field_too_long_5000': '{{field}} must be at most 5000 characters',
  'venture.field_too_long_20000': '{{field}} must be at most 20000 characters',
  'venture.field_not_number': '{{field}} must be a number',
  'venture.field_two_decimals': '{{field}} must have at most two decimals',
  'venture.field_not_date': '{{field}} must be a date',
  'venture.country_not_code': 'Country must be a country code',
  'venture.country_unknown': 'Country must be one of the African countries of the list',
  'venture.type_invalid': `Venture Type must be one of ${oneOf(VENTURE_TYPES)}`,
  'venture.risk_invalid': `Risk Level must be one of ${oneOf(RISK_LEVELS)}`,
  'venture.visibility_invalid': `Visibility must be one of ${oneOf(VISIBILITIES)}`,
  'venture.admin_status_invalid': `Admin Status must be one of ${oneOf(ADMIN_STATUSES)}`,
  'venture.period_whole_months': 'Investment Period must be a whole number of months',
  'venture.convertible_not_boolean': 'Is Convertible must be true or false',
  'venture.tags_not_text': 'Tags must be text',
  'venture.tags_not_list': 'Tags must be a list',
  'venture.tag_too_long': 'A tag has at most 32 characters',
  'venture.too_many_tags': 'At most 20 tags',
  // Ventures: the rules across fields (src-shared/rules/venture.ts)
  'venture.target_not_positive': 'Target Amount must be more than 0',
  'venture.target_below_funded': 'Target Amount cannot be below the amount funded',
  'venture.min_investment_too_low': 'Min Investment Amount must be at least {{amount}}',
  'venture.max_below_min': 'Max Investment Amount must be at least the Min Investment Amount',
  'venture.max_above_target': 'Max Investment Amount must be at most the Target Amount',
  'venture.expected_return_range': 'Expected Return must be more than 0 and at most 100',
  'venture.period_range': 'Investment Period must be 1 to 360 months',
  'venture.ltv_range': 'Loan To Value must be 0 to 100',
  'venture.closing_date_past': 'Closing Date must be in the future',
  'venture.collateral_negative': 'Collateral Value must be 0 or more',
  'venture.frozen_terms':
    'This venture already has investments: only its texts, tags and images can change now.',
  'venture.review_locked_with_money':
    'This venture has investments: close its funding or cancel it with refunds instead.',
  'venture.reject_notes_required': 'Please give the reason for the rejection.',
  'venture.review_cancelled': 'This venture is cancelled; its review can no longer change.',
  'venture.approved_no_draft': 'An approved venture cannot go back to draft.',
  // Ventures: records, images, filters
  'venture.not_found': 'Venture not found.',
  'venture.not_multipart': 'Send the images as multipart/form-data.',
  'venture.no_image': 'Please choose an image to upload.',
  'venture.image_wrong_type': '{{file}} is not a JPEG, PNG or WebP image.',
  'venture.image_unreadable': 'The file is not a readable JPEG, PNG or WebP image.',
  'venture.image_too_large': 'The image is too large (at most 40 megapixels).',
  'venture.too_many_images': 'You can only upload up to 4 images.',
  'venture.no_such_image': 'This venture has no such image.',
  'venture.filter_lifecycle_status': `lifecycleStatus must be one of all, ${oneOf(LIFECYCLE_STATUSES)}`,
  'venture.filter_venture_type': `ventureType must be one of all, ${oneOf(VENTURE_TYPES)}`,
  'venture.filter_risk_level': `riskLevel must be one of all, ${oneOf(RISK_LEVELS)}`,
  'venture.filter_is_convertible': 'isConvertible must be one of all, true, false',
  'venture.filter_closing_in': `closingIn must be one of all, ${oneOf(CLOSING_IN)}`,
  'venture.filter_admin_status': `adminStatus must be one of all, ${oneOf(ADMIN_STATUSES)}`,
  'venture.filter_visibility': `visibility must be one of all, ${oneOf(VISIBILITIES)}`,
  'venture.filter_submitted': 'submitted must be one of all, true, false',
  'venture.filter_min_investment': 'minInvestment must be a positive number',
  'venture.filter_expected_return': 'expectedReturn must be a positive number',
  'venture.filter_country': 'country must be all or a two-letter country code',
  // Investing and a venture's money (src-shared/rules/invest.ts)
  'investment.not_verified': 'Please complete identity verification before investing.',
  'investment.not_open': 'This venture is not open for investment.',
  'investment.venture_id_required': 'ventureId is required',
  'investment.below_minimum': 'Minimum investment is {{amount}}',
  'investment.above_maximum': 'Maximum investment is {{amount}}',
  'investment.left_to_fund': 'Only {{amount}} is left to fund in this venture.',
  'investment.insufficient_balance': 'Insufficient balance.',
  'investment.status_invalid': `status must be one of ${oneOf(INVESTMENT_STATUSES)}`,
  'investment.sort_invalid': 'sortBy must be one of investmentDate, amount, status',
  'investment.close_not_raising': 'Only a venture raising money can close its funding.',
  'investment.no_investors': 'Nobody has invested in this venture yet.',
  'investment.cancel_reason_required': 'A reason is required to cancel a venture.',
  'investment.cancel_funded': 'A funded venture cannot be cancelled: its money has been paid out.',
  'investment.already_repaid': 'This venture is already repaid.',
  'investment.repay_not_funded': 'Only a funded venture can record repayments.',
  'investment.nothing_to_repay': 'This venture has no investments to repay.',
  'investment.final_not_boolean': 'final must be true or false',
  // Loan servicing and the business date (API contract, "Business date", "Loan servicing")
  'venture.repayment_type_invalid': 'repaymentType must be one of bullet, annuity, equal_principal',
  'venture.repayment_frequency_invalid': 'repaymentFrequency must be one of monthly, quarterly',
  'venture.period_not_whole':
    'With quarterly payments, the investment period must be a multiple of 3 months.',
  'venture.grace_too_long':
    'Grace periods must be a whole number, at least 0 and fewer than the number of instalments.',
  'business_date.invalid': 'date must be a date (YYYY-MM-DD).',
  'business_date.backwards': 'The business date cannot move backwards.',
  'investment.not_found': 'Investment not found.',
  'servicing.no_loan': 'This venture has no running loan.',
  'servicing.overpayment': 'The payment is more than what is owed ({{amount}}).',
  'servicing.loan_closed': 'This loan is closed: nothing more can be paid or changed.',
  'servicing.not_in_default': 'Only a loan in default can record a recovery.',
  'servicing.already_default': 'This loan is already in default.',
  'servicing.reason_required': 'A reason is required.',
  'servicing.costs_negative': 'Costs cannot be negative.',
  'servicing.costs_above_amount': 'Costs cannot be more than the amount recovered.',
  'servicing.status_invalid':
    'loanStatus must be one of current, late, late_1_15, late_16_30, late_31_60, late_61_90, default, recovery, repaid, written_off',
  // Investor protection and the KIIS (API contract, "Investor protection", "Key investment information sheet")
  'investment.acknowledge_risk_not_boolean': 'acknowledgeRisk must be true or false',
  'investment.reflection_over':
    'The reflection period of this investment is over: it can no longer be revoked.',
  'investment.not_revocable': 'This investment cannot be revoked.',
  'venture.reflection_open':
    'Some investments in this venture can still be revoked (until {{until}}); the funding can close after that.',
  'venture.kiis_incomplete': 'The key investment information sheet is incomplete: {{missing}}.',
  'protection.test_required':
    'Please take the knowledge test before investing (after a failed test, confirm the risk warning).',
  'protection.simulation_required': 'Please simulate your ability to bear loss before investing.',
  'protection.acknowledgement_required':
    'This investment is above your warning threshold of {{amount}}: confirm the risk warning to go on.',
  'protection.answers_invalid': 'Answer every question of the test with one of its options.',
  'protection.acknowledgement_invalid': 'acknowledged must be true.',
  'protection.no_failed_test': 'There is no failed knowledge test to acknowledge.',
  'protection.amount_invalid': 'Enter an amount of 0 euros or more, with at most two decimals.',
  'protection.amount_too_large': 'This amount is too large.',
  'protection.criteria_too_few': 'Claim at least two of the criteria.',
  'protection.criteria_invalid': 'Unknown criterion: {{value}}.',
  'protection.evidence_required': 'Add your evidence (an image or a PDF).',
  'protection.evidence_type': 'The evidence must be a JPEG, PNG or WebP image or a PDF.',
  'protection.request_pending': 'A request is already waiting for a decision.',
  'protection.already_sophisticated': 'You are already treated as a sophisticated investor.',
  'protection.request_not_found': 'No request is waiting for a decision.',
  'protection.decision_invalid': 'status must be accepted or rejected',
  'protection.reason_required': 'A reason is required.',
  'protection.status_invalid': 'status must be one of pending, accepted, rejected',
  'protection.not_investor': 'Only investors have an investor profile.',
  'kiis.invalid': 'The information sheet is not valid: {{field}}.',
  'kiis.too_long': 'At most 2000 characters.',
  'kiis.too_long_short': 'At most 600 characters.',
  'kiis.key_figures_invalid': 'Key figures: give at most the last 3 years, each year once, amounts in euros.',
  'kiis.risks_invalid': 'Each risk needs a kind and a description.',
  'kiis.language_invalid': 'lang must be one of en, de, es, fr',
  'kiis.not_available': 'This venture has no published information sheet yet.',
  'auth.terms_required': 'Please accept the terms of use and the privacy policy.',
  // Client side only: no answer came back, or the request could not be built (spec 8)
  'network.no_response': FALLBACK_ERROR_TEXTS['network.no_response'],
  'network.error': 'Network error. Please try again later.',
  // Validation at the boundary (issue 26, findings 3, 5, 6 and 11; docs/security.md)
  'input.amount_too_large': '{{field}} must be at most €100,000,000.00',
  'input.control_characters': '{{field}} contains control characters. Please remove them.',
  'input.invisible_characters':
    '{{field}} contains invisible or text-direction characters (such as U+202E or zero-width spaces). Please remove them.',
  'input.password_common':
    'This password is too common: it is on a list of passwords used by many people. Please choose another.',
  'input.password_personal': 'The password must not contain your name or your e-mail address.',
  // Revisions of approved ventures (issue 26, finding 2; decision 0127)
  'revision.none_pending': 'This venture has no changes awaiting review.',
  'revision.pending':
    'This venture has changes awaiting review: approve or reject them before changing its status.',
  'revision.keeps_approved':
    'A revision is decided on an approved venture: send adminStatus approved with it.',
  'revision.decision_invalid': 'revision must be approve or reject',
  'revision.filter_has_revision': 'hasRevision must be true or false',
  // Second factor (lane 2fa; API contract, "Admin sign-in and audit")
  'auth.second_factor_required': 'Enter the code from your authenticator app.',
  'auth.second_factor_invalid': 'The code is not valid. Please try again.',
  'auth.second_factor_setup_required':
    'Admin accounts need a second factor: please set it up before going on.',
  'auth.second_factor_mandatory': 'Admin accounts cannot turn off the second factor.',
  'auth.second_factor_already_enabled': 'The second factor is already on.',
  'auth.second_factor_not_enabled': 'The second factor is not on.',
  'auth.second_factor_no_setup': 'Start the setup first: no secret is waiting for a code.',
  'auth.second_factor_code_required': 'Enter the code.',
  'auth.second_factor_code_format': 'Enter the 6-digit code or a recovery code.',
  // Deposits and withdrawals (issue 27; API contract, "Deposits and withdrawals")
  'payments.invalid_iban':
    'This IBAN is not valid: please check it (ISO 13616 check digits and country format).',
  'payments.iban_not_sepa':
    'This IBAN is from a country outside the SEPA area: we can only pay to SEPA accounts.',
  'payments.holder_name_required': "Please enter the account holder's name.",
  'payments.holder_name_too_long': "The account holder's name may have at most 70 characters.",
  'payments.bank_account_required': 'Please register your bank account (IBAN) before withdrawing.',
  'payments.kyc_required': 'Please complete identity verification before withdrawing.',
  'payments.withdrawals_held':
    'Your bank account was changed recently: for your safety, withdrawals are possible again from {{until}}.',
  'payments.insufficient_balance': 'The amount is above your available balance of {{availableAmount}}.',
  'payments.withdrawal_not_found': 'Withdrawal not found.',
  'payments.not_cancellable': 'Only a withdrawal that is still requested can be cancelled.',
  'payments.already_decided': 'This withdrawal has already been decided.',
  'payments.reason_required': 'A reason is required to reject a withdrawal.',
  'payments.decision_invalid': 'status must be approved or rejected',
  'payments.status_invalid': 'status must be one of requested, approved, sent, rejected, cancelled',
  'payments.nothing_to_export': 'There is no approved withdrawal left to export.',
  'payments.export_not_found': 'Payment file not found.',
  'payments.not_multipart': 'Send the statement as multipart/form-data with a field named file.',
  'payments.file_required': 'Please choose a bank statement file (camt.053).',
  'payments.file_too_large': 'The statement file is too large (at most 50 MB).',
  'payments.not_camt053': 'This file is not an ISO 20022 camt.053 bank statement.',
  'payments.entry_not_found': 'Statement entry not found.',
  'payments.entry_not_assignable':
    'Only a booked credit in euros can be assigned to an account; returned payments, debits and other currencies are handled with the bank.',
  'payments.entry_already_assigned': 'This statement entry has already been credited.',
  'payments.entry_status_invalid': 'status must be one of unmatched, credited, assigned',
  // Text that UTF-8 cannot hold (decision 0151)
  'unicode.lone_surrogate':
    '{{field}} contains a broken character (half of an emoji or symbol). Please type it again.',
  // Statements (issue 28; API contract, "Statements"; decisions 0164, 0165)
  'statements.year_invalid': 'year must be a year (YYYY) from 2000 to the current year.',
  'statements.format_invalid': 'format must be one of pdf, csv (transactions and investments: csv).',
  'statements.language_invalid': 'lang must be one of en, de, es, fr',
  'statements.no_activity': 'Your account has no activity in {{year}}: there is no statement for that year.',
  'statements.date_invalid': 'from and to must be days as YYYY-MM-DD.',
  'statements.range_invalid': 'The start date must not be after the end date.',
  'statements.range_too_long': 'One export covers at most {{years}} years: please choose a shorter range.',
  // Auto-invest (EU 2020/1503 Art. 6; API contract, "Auto-invest (Art. 6)")
  'auto_invest.budget_invalid': 'Enter a budget of more than 0 euros, with at most two decimals.',
  'auto_invest.max_per_venture_invalid':
    'Enter a maximum per venture of more than 0 euros, with at most two decimals.',
  'auto_invest.max_above_budget': 'The maximum per venture cannot be more than the budget.',
  'auto_invest.return_invalid': 'A return must be a percentage between 0 and 100.',
  'auto_invest.return_range_invalid': 'The lowest return cannot be above the highest.',
  'auto_invest.period_invalid': 'A period must be a whole number of months from 1 to 360.',
  'auto_invest.period_range_invalid': 'The shortest period cannot be above the longest.',
  'auto_invest.risk_invalid': 'riskLevels must hold low, medium or high',
  'auto_invest.type_invalid': 'ventureTypes must hold business, sme, leasing or realestate',
  'auto_invest.country_invalid': 'countries must hold two-letter country codes',
  'auto_invest.active_invalid': 'active must be true or false',
  'auto_invest.accept_warning_invalid': 'acceptWarning must be true or false',
  'auto_invest.criteria_too_few':
    'Choose at least two criteria: a return range, a period range, risk levels, venture types or countries.',
  'auto_invest.warning_required':
    'Tickets above {{amount}} need your acceptance of the risk warning on the mandate.',
  // Back-office polish (issue 30)
  'user.filter_kyc_status': 'kycStatus must be one of all, not_started, pending, complete, rejected',
  // Loan-to-value follows from the target and the collateral value (issue 30, decision 0202)
  'venture.ltv_mismatch':
    'Loan To Value must be the Target Amount divided by the Collateral Value: {{loanToValue}} %',
  'venture.collateral_below_target':
    'Collateral Value must be at least the Target Amount (a Loan To Value of at most 100 %)',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_TEXTS;
export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_TEXTS, value);
}

/** A parameter that is an amount of euros (formatted as money in every language). */
export function isMoneyParam(name: string): boolean {
  return name === 'amount' || name.endsWith('Amount');
}

/** 'targetAmount' -> 'Target Amount': how the English texts name a field (the `field` parameter). */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fills `{{name}}` placeholders; `format` turns each value into text (money formatting, say). */
export function interpolate(
  text: string,
  params: ErrorParams | undefined,
  format: (name: string, value: string | number) => string = (_name, value) => String(value),
): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? format(name, params[name]!) : whole,
  );
}

/** The code table as i18next's nested catalog (`investment.insufficient_balance` -> investment: {...}). */
export function errorCatalog(texts: Readonly<Record<string, string>> = ERROR_TEXTS): Record<string, object> {
  const catalog: Record<string, Record<string, string>> = {};
  for (const [code, text] of Object.entries(texts)) {
    const dot = code.indexOf('.');
    const area = code.slice(0, dot);
    (catalog[area] ??= {})[code.slice(dot + 1)] = text;
  }
  return catalog;
}

/** The English text of a code with its parameters (money in English format): the `message` the
 * server sends beside `code`. */
export function errorText(code: ErrorCode, params?: ErrorParams): string {
  // `?? code`: only reachable from untyped callers; the text then is what they passed.
  return interpolate(ERROR_TEXTS[code] ?? code, params, (name, value) =>
    isMoneyParam(name)
      ? formatEuros(value, 'en')
      : name === 'field'
        ? fieldLabel(String(value))
        : String(value),
  );
}
