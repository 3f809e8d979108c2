import type { StatementEntryRow } from '../../providers/resources/payments';

/** Reasons an entry can never be assigned (decision 0135): it is not a credit in euros of ours to book. */
const NOT_ASSIGNABLE = new Set(['returned', 'debit', 'currency']);

/** An unmatched credit in EUR that is not a returned payment: the server assigns it (409 otherwise). */
export function isAssignable(entry: Pick<StatementEntryRow, 'status' | 'credit' | 'currency' | 'reason'>) {
  return (
    entry.status === 'unmatched' &&
    entry.credit &&
    entry.currency === 'EUR' &&
    !(entry.reason && NOT_ASSIGNABLE.has(entry.reason))
  );
}
