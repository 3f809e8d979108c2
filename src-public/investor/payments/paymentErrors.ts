import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../../src-shared/api/http';
import { failureText, translateRule } from '../../lib/errors';
import { formatMoment } from '../reflection';

type Translator = Pick<I18n, 't' | 'language'>;

/** Where the profile's bank-account section is (the withdraw panel links to it). */
export const BANK_ACCOUNT_PATH = '/user/profile#bank-account';
export const VERIFICATION_PATH = '/user/verification';

/** "Withdrawals are possible again from <date>" (409 `payments.withdrawals_held`), the date in the
 * reader's language and time zone. */
export function heldUntilText(i18n: Translator, until: string): string {
  return translateRule(i18n, {
    code: 'payments.withdrawals_held',
    params: { until: formatMoment(until, i18n.language) },
  });
}

export interface PaymentFailure {
  text: string;
  /** A page that fixes it: the bank account or identity verification. */
  link?: { to: string; label: string };
}

/**
 * A refused payments call in the reader's language, by its code (src-shared/errors.ts): the hold
 * after an IBAN change names its end in the reader's time zone, a missing bank account or identity
 * verification links to where to fix it, an Idempotency-Key still at work or reused says what to
 * check. Any other refusal is the code's text; no answer at all, the network's.
 */
export function paymentFailure(i18n: Translator, error: unknown, fallback: string): PaymentFailure {
  const code = error instanceof ApiError ? error.code : undefined;
  if (error instanceof ApiError && code === 'payments.withdrawals_held')
    return { text: heldUntilText(i18n, String(error.params?.until ?? '')) };
  if (code === 'idempotency.in_progress') return { text: i18n.t('payments.withdraw.inProgress') };
  if (code === 'idempotency.key_reused' || (error instanceof ApiError && error.status === 422))
    return { text: i18n.t('payments.withdraw.keyReused') };
  const text = failureText(i18n, error, { fallback, noResponse: i18n.t('auth.errors.noResponse') });
  if (code === 'payments.bank_account_required')
    return { text, link: { to: BANK_ACCOUNT_PATH, label: i18n.t('payments.withdraw.bankAccountLink') } };
  if (code === 'payments.kyc_required')
    return { text, link: { to: VERIFICATION_PATH, label: i18n.t('payments.withdraw.verifyLink') } };
  return { text };
}
