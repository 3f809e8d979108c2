import type { RaRecord } from 'react-admin';

interface Person {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** A person's full name, else their e-mail. */
export function personName(person: Person | null | undefined): string {
  if (!person) return '';
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || '';
}

/** A choice of the `users` autocomplete: "Ann Lee (ann@example.com)". */
export const userOptionText = (user: RaRecord | undefined): string => {
  if (!user) return '';
  const name = personName(user as Person);
  return user.email && name !== user.email ? `${name} (${String(user.email)})` : name;
};

/** What the admin types in the `users` autocomplete is GET /api/users's `search`. */
export const userFilterToQuery = (text: string) => ({ search: text });

/** What the admin types in the `ventures` autocomplete is GET /api/ventures/admin-get-all's `search`. */
export const ventureFilterToQuery = (text: string) => ({ search: text });
