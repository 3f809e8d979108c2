/**
 * Deposits and withdrawals (API contract, "Deposits and withdrawals"; decisions 0132 and 0133): the
 * personal deposit reference (ISO 11649 "RF" creditor reference) and the bank account's IBAN
 * (ISO 13616, checked with `ibantools`). Pure functions, used by the server and the web entries.
 */
import { electronicFormatIBAN, isSEPACountry, validateIBAN } from 'ibantools';

/** The body of every deposit reference: `AV` and the account's number, 8 digits (decision 0132). */
export const REFERENCE_BODY_PREFIX = 'AV';
const REFERENCE_DIGITS = 8;

/** Letters as ISO 7064 numbers (A = 10 ... Z = 35), digits as they are. */
function toDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += code >= 65 && code <= 90 ? String(code - 55) : char;
  }
  return out;
}

/** The remainder of a long decimal string divided by 97 (ISO 7064 MOD 97-10), piece by piece. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** The two check digits of an RF creditor reference for `body` (ISO 11649: 98 - (body + "RF00") mod 97). */
export function rfCheckDigits(body: string): string {
  const check = 98 - mod97(toDigits(`${body.toUpperCase()}RF00`));
  return String(check).padStart(2, '0');
}

/** True for a well-formed RF creditor reference whose check digits are right (spaces allowed). */
export function isValidRfReference(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(toDigits(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;
}

/** The deposit reference of the account numbered `number` (a positive whole number below 10^8). */
export function depositReference(number: number): string {
  if (!Number.isInteger(number) || number < 1 || number >= 10 ** REFERENCE_DIGITS)
    throw new RangeError(`not an account number: ${number}`);
  const body = `${REFERENCE_BODY_PREFIX}${String(number).padStart(REFERENCE_DIGITS, '0')}`;
  return `RF${rfCheckDigits(body)}${body}`;
}

/** A reference as people write it: groups of four (`RF18 AV00 0001 23`). */
export const formatReference = (reference: string) => reference.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Every valid deposit reference of ours in a text (a transfer's remittance information), compact
 * and upper-cased, in the order found. Spaces inside a reference are allowed (people copy the
 * grouped form), so the text is read without its white space.
 */
export function findDepositReferences(text: string): string[] {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const found = new Set<string>();
  for (const match of compact.matchAll(/RF\d{2}AV\d{8}/g)) {
    if (isValidRfReference(match[0])) found.add(match[0]);
  }
  return [...found];
}

export type IbanProblem = 'payments.invalid_iban' | 'payments.iban_not_sepa';

/** The IBAN in its electronic form (no spaces, upper case), or null when it is not a valid IBAN. */
export function normalizeIban(value: string): string | null {
  const electronic = electronicFormatIBAN(value.trim());
  if (!electronic || !validateIBAN(electronic).valid) return null;
  return electronic;
}

/** What is wrong with an IBAN for a SEPA credit transfer, or null: checksum and country format
 * (ISO 13616, `ibantools`), and a country of the SEPA scheme. */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = normalizeIban(value);
  if (!iban) return 'payments.invalid_iban';
  if (!isSEPACountry(iban.slice(0, 2))) return 'payments.iban_not_sepa';
  return null;
}

/** An IBAN masked but its last four characters (`******************3000`). */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return `${'*'.repeat(Math.max(0, compact.length - 4))}${compact.slice(-4)}`;
}
