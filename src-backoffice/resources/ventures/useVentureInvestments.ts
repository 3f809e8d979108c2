import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { RepaymentInvestment } from '../../../src-shared/rules/repayment';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { VentureInvestment } from '../../providers/resources/ventures';

/** Query key of a venture's investments: under 'investments', so a refresh reloads it with the lists. */
export const ventureInvestmentsKey = (ventureId: Identifier | undefined) =>
  ['investments', 'ofVenture', String(ventureId)] as const;

/** Every investment of the venture (all pages), for the money dialogs' counts and the repayment split. */
export function useVentureInvestments(ventureId: Identifier | undefined, enabled = true) {
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  return useQuery({
    queryKey: ventureInvestmentsKey(ventureId),
    enabled: enabled && ventureId != null,
    queryFn: async (): Promise<VentureInvestment[]> => {
      const rows = await dataProvider.getVentureInvestments(ventureId!);
      // Only this venture's rows, whatever the list answered.
      return rows.filter((row) => row.venture?._id === String(ventureId));
    },
  });
}

/** Sums and counts the dialogs state: open investments, their investors, and the split's input. */
export function investmentFigures(rows: readonly VentureInvestment[] | undefined) {
  const list = rows ?? [];
  const open = list.filter((row) => row.status === 'invested');
  const completed = list.filter((row) => row.status === 'completed');
  return {
    openCount: open.length,
    openInvestors: new Set(open.map((row) => row.investedBy.id)).size,
    completedInvestors: new Set(completed.map((row) => row.investedBy.id)).size,
    forRepayment: list.map((row): RepaymentInvestment => ({
      id: row._id,
      amount: row.amount,
      status: row.status,
      investmentDate: row.investmentDate,
      investor: {
        id: row.investedBy.id,
        name:
          [row.investedBy.firstName, row.investedBy.lastName].filter(Boolean).join(' ') ||
          row.investedBy.email,
      },
    })),
  };
}
