/**
 * How money reaches an investor's balance: a bank transfer to the platform's account, with the
 * investor's personal payment reference, credited by an admin once it has arrived (spec 9: 30 euro
 * at least). The investor's funding page and the back office show the same reference.
 */

/** Spec 9: the smallest deposit, in euros. */
export const MIN_DEPOSIT_EUROS = 30;

/** The investor dashboard's `netAnnualReturn` is null until an investment is at least this old (contract). */
export const NET_RETURN_MIN_AGE_DAYS = 30;

const REFERENCE_PREFIX = 'AV-';

/**
 * The investor's personal payment reference for bank transfers: 'AV-' and the first 8 characters of
 * the account's id (hex digits of a UUID), uppercased, e.g. 'AV-3F2A9C1E'. Stable for the account's
 * life and derived, so nothing is stored; an admin matching a transfer finds the person by it.
 */
export function paymentReference(userId: string): string {
  return `${REFERENCE_PREFIX}${userId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/**
 * The user-id prefix a search for a payment reference stands for, in lowercase hex: 'AV-3F2A9C1E',
 * 'av-3f2a9c1e', 'AV3F2A9C1E' or '3F2A9C1E' give '3f2a9c1e'; anything else null. Partial references
 * ('AV-3F2A') need the prefix, so a short number typed in a search box does not match ids by chance.
 */
export function paymentReferenceIdPrefix(search: string): string | null {
  const text = search.trim();
  const match = /^AV-?([0-9a-f]{4,8})$/i.exec(text) ?? /^([0-9a-f]{8})$/i.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}
