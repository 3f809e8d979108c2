import { Navigate, useLocation, useMatch, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src-shared/api/http';
import { useAuth } from '../auth/session/AuthProvider';
import type { RememberedLocation } from '../auth/session/roles';
import { PageLoader } from '../components/PageLoader';
import { useVenture } from './api';
import { StateMessage } from './detail/StateMessage';
import { VentureView } from './detail/VentureView';

/**
 * /ventures/:ventureId and /ventures/:ventureId/investment-form (the second opens the invest dialog).
 * States (spec 2.3 and 8): 'Loading venture...', then the venture; a 404 or an empty answer reads
 * 'No venture found.', any other failure 'Failed to fetch venture details.'. INVEST IN PROJECT is a
 * button shown to everyone that opens the form (a visitor goes to /login and comes back to it); on a
 * venture that takes no investment (funded, repaid, coming soon, closed) it is disabled, names the
 * reason, and a sentence under it explains it. The status badge stands beside the risk badge.
 */
export function VentureDetailPage() {
  const { t } = useTranslation();
  const { ventureId = '' } = useParams();
  const location = useLocation();
  const { user, isLoading: authLoading } = useAuth();
  const investOpen = useMatch('/ventures/:ventureId/investment-form') !== null;
  const { data, error, isPending } = useVenture(ventureId);

  if (investOpen && !authLoading && !user) {
    const from: RememberedLocation = {
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
    };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (isPending && ventureId !== '') return <PageLoader label={t('venture.loading')} />;
  if (error && !(error instanceof ApiError && error.status === 404)) {
    return <StateMessage>{t('venture.loadFailed')}</StateMessage>;
  }
  if (!data) return <StateMessage>{t('venture.notFound')}</StateMessage>;
  return <VentureView venture={data} investOpen={investOpen} />;
}

export { VentureDetailPage as Component };
