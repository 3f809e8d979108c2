/** "First Last", else the e-mail, else the id (a person's name in lists, titles and dialogs). */
export function fullName(record: Record<string, unknown> | undefined | null): string {
  if (!record) return '';
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ');
  return name || String(record.email ?? record.id ?? '');
}
