import { eurosToCents } from '../../src-shared/money';

/**
 * An amount as typed in any of the four languages, in cents: `12500`, `12 500`, `12,500.50`,
 * `12.500,50`, `12500,5`. The last `.` or `,` followed by one or two digits is the decimal mark;
 * others group thousands (groups of three, one kind of mark). Undefined when empty, null when it is
 * not an amount (a minus sign included: the amounts are 0 or more).
 */
export function parseEuroInput(text: string): bigint | null | undefined {
  const compact = text.replace(/[\s\u00a0\u202f'’€]/g, '');
  if (compact === '') return undefined;
  const match = /^(\d{1,3}(?:[.,]\d{3})+|\d+)(?:([.,])(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, whole = '', mark, fraction = ''] = match;
  const groupMarks = new Set(whole.match(/[.,]/g) ?? []);
  if (groupMarks.size > 1 || (mark && groupMarks.has(mark))) return null;
  return eurosToCents(`${whole.replace(/[.,]/g, '')}${mark ? `.${fraction}` : ''}`);
}
