import { lazyComponent } from '../../lib/lazyComponent';

// The invest form (its rules, the verification and balance calls) loads when it is about to open:
// pointer over or focus on INVEST IN PROJECT, or the /investment-form link itself.
export const InvestDialog = lazyComponent(() =>
  import('../InvestDialog').then((module) => module.InvestDialog),
);
export const preloadInvestDialog = () => void InvestDialog.preload().catch(() => undefined);
