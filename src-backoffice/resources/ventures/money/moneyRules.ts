import { eurosToCents } from '../../../../src-shared/money';
import type { VentureRecord } from '../ventureRecord';

/** The admin's three calls on a venture's money. */
export type MoneyAction = 'close' | 'cancel' | 'repay';

/** Which money actions a venture offers (the server checks again and answers 409 otherwise). */
export function moneyActionsFor(
  record: Pick<VentureRecord, 'lifecycleStatus' | 'adminStatus' | 'cancelledAt'>,
): MoneyAction[] {
  const actions: MoneyAction[] = [];
  // A cancelled venture's money went back to its investors: nothing is left to move.
  if (record.cancelledAt) return actions;
  if (record.lifecycleStatus === 'new' && record.adminStatus === 'approved') actions.push('close');
  if (record.lifecycleStatus === 'new' || record.lifecycleStatus === 'coming-soon') actions.push('cancel');
  if (record.lifecycleStatus === 'funded') actions.push('repay');
  return actions;
}

/** A typed amount of euros ('1234.5', '1234,50') as a number with two decimals at most, else null. */
export function parseEuros(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  const cents = eurosToCents(cleaned);
  if (cents === null || cents <= 0n) return null;
  return Number(cents) / 100;
}
