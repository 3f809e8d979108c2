/**
 * The password rules shared by the forms and the server (API contract, "Auth and profile"; issue 26,
 * finding 3; decision 0114): 8..128 characters everywhere, and never the person's own name or e-mail.
 * The list of common passwords is the server's alone (src-server/lib/password-policy.ts): it is too
 * large for the web bundles.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A name or e-mail part this long or longer is refused anywhere inside a password; shorter parts
 * ("Li", "Ann") would refuse unrelated words. */
export const PERSONAL_PART_MIN = 4;

/** What identifies the person: any of these may be missing. */
export interface PasswordPerson {
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  email?: string | null;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The parts of a person's names and e-mail local part that a password may not contain. */
export function personalParts(person: PasswordPerson): string[] {
  const parts = new Set<string>();
  const add = (text: unknown, whole: boolean) => {
    if (typeof text !== 'string' || !text) return;
    const folded = fold(text);
    if (whole) parts.add(folded.replace(/\s+/g, ''));
    for (const part of folded.split(/[^\p{L}\p{N}]+/u)) parts.add(part);
  };
  add(person.firstName, true);
  add(person.lastName, true);
  add(person.companyName, false);
  if (typeof person.email === 'string') add(person.email.split('@')[0], true);
  return [...parts].filter((part) => part.length >= PERSONAL_PART_MIN);
}

/** True when the password contains (case-insensitively) the person's name, a part of it of at least
 * PERSONAL_PART_MIN characters, or their e-mail address's local part or a part of it. */
export function passwordIsPersonal(password: string, person: PasswordPerson): boolean {
  const folded = fold(password);
  return personalParts(person).some((part) => folded.includes(part));
}
