import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { VentureInvestment } from '../../providers/resources/ventures';

/** Query key of a venture's investments: under 'investments', so a refresh reloads it with the lists. */
export const ventureInvestmentsKey = (ventureId: Identifier | undefined) =>
  ['investments', 'ofVenture', String(ventureId)] as const;

/** Every investment of the venture (all pages), for the money dialogs' counts. */
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

/** Counts the dialogs state: the open investments and their investors. */
export function investmentFigures(rows: readonly VentureInvestment[] | undefined) {
  const list = rows ?? [];
  const open = list.filter((row) => row.status === 'invested');
  return {
    openCount: open.length,
    openInvestors: new Set(open.map((row) => row.investedBy.id)).size,
  };
}
