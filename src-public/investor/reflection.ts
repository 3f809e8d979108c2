/**
 * The reflection period of EU 2020/1503 Art. 22 as the investor's screens show it. The server
 * decides whether an investment can still be revoked (business time, 96 hours); these helpers only
 * choose what to display from its answer (decision 0109).
 */

/** A moment in the reader's language and own time zone, to the minute, with the zone's name. */
export function formatMoment(value: string | null | undefined, language: string): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

export interface RevocableSource {
  status?: string | null;
  revocableUntil?: string | null;
}

/**
 * Whether to offer Revoke: an investment still raising (`invested`) whose `revocableUntil` the
 * server gave and which lies ahead of the device's clock. Display only: a click the server finds too
 * late answers 409 `investment.reflection_over`, shown as such.
 */
export function offersRevoke(investment: RevocableSource | undefined, now = Date.now()): boolean {
  if (!investment || investment.status !== 'invested' || !investment.revocableUntil) return false;
  const until = Date.parse(investment.revocableUntil);
  return Number.isFinite(until) && until > now;
}
