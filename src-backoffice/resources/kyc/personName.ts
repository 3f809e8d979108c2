/** A person's full name, else their e-mail ('' for nothing). */
export function personName(person: unknown): string {
  if (!person || typeof person !== 'object') return '';
  const { firstName, lastName, email } = person as { firstName?: string; lastName?: string; email?: string };
  return [firstName, lastName].filter(Boolean).join(' ') || email || '';
}
