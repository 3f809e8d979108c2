/**
 * The server's password rules beyond the schemas (API contract, "Auth and profile"; issue 26, finding
 * 3; decision 0114): never one of the commonly used or breached passwords, and never the person's own
 * name or e-mail (the schemas check what the body holds; this also checks what only the server knows,
 * the account's names and address).
 *
 * The list: the npm package fxa-common-password-list (Mozilla, MPL-2.0), 50,000 passwords of 8
 * characters or more from the most used of SecLists' "10 million passwords" (OWASP SecLists, Daniel
 * Miessler), the list Firefox Accounts refuses. Compared as typed and lower-cased ("Password1" is
 * refused like "password1").
 */
import { createRequire } from 'node:module';
import type { ErrorCode } from '../../src-shared/errors';
import { passwordIsPersonal, type PasswordPerson } from '../../src-shared/rules/passwords';
import { HttpError } from './http-error';

const require = createRequire(import.meta.url);

let common: Set<string> | undefined;

/** The list, decoded once (about 50 ms) at the first use. */
export function commonPasswords(): Set<string> {
  if (!common) {
    const encoded = require('fxa-common-password-list/src/encoded-passwords') as string;
    // The package's own decoder, resolved from the package (it is its dependency, not ours).
    const fromPackage = createRequire(require.resolve('fxa-common-password-list'));
    const { Decoder } = (fromPackage('incremental-encoder') as { default: { Decoder: new () => Decoder } })
      .default;
    common = new Set(new Decoder().decode(encoded.split('\n')));
  }
  return common;
}
interface Decoder {
  decode(lines: string[]): string[];
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}

/** What is wrong with a new password for this person, or null. */
export function passwordProblem(password: string, people: PasswordPerson[]): ErrorCode | null {
  if (isCommonPassword(password)) return 'input.password_common';
  if (people.some((person) => passwordIsPersonal(password, person))) return 'input.password_personal';
  return null;
}

/** Throws the 400 of a refused new password on `field` (before anything is read or written). */
export function assertPasswordAllowed(password: string, people: PasswordPerson[], field: string): void {
  const code = passwordProblem(password, people);
  if (code) throw new HttpError(400, code, { fields: { [field]: code } });
}
