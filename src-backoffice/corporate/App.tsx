import { SignedOutGuard } from '../components/SignedOutGuard';
import { Admin, CustomRoutes, Resource, useBasename, Authenticated } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { darkTheme, theme } from '../../src-shared/theme';
import type { BackofficeAppProps } from '../admin/App';
import { AppNotification, withMenu } from '../components/AppLayout';
import { LoginPage } from '../components/LoginPage';
import { CorporateMenu } from './Menu';
import { lazyExport } from '../components/lazyExport';
import { CORPORATE_BASENAME } from '../basenames';
import tickets from './tickets';
import ventures from './ventures';
import { VentureImagesRoute } from './ventures/images';
import { KiisRoute } from './ventures/kiis';

export { CORPORATE_BASENAME };

// Each screen loads when first shown (the resources' screens too: see their index.ts).
const CorporateOverview = lazyExport(() => import('./pages/CorporateOverview'), 'CorporateOverview');
const ProfilePage = lazyExport(() => import('./pages/ProfilePage'), 'ProfilePage');
const VerificationPage = lazyExport(() => import('./pages/VerificationPage'), 'VerificationPage');
const FundingPage = lazyExport(() => import('./funding/FundingPage'), 'FundingPage');

const CorporateLayout = withMenu(CorporateMenu);
const CorporateLogin = () => <LoginPage title="app.title.corporate" />;

/** Spec 2.1 paths that react-admin names differently: create-venture and edit-venture-details. */
const ToCreateVenture = () => <Navigate to={`${useBasename()}/ventures/create`} replace />;
const ToEditVenture = () => {
  const basename = useBasename();
  const { ventureId = '' } = useParams();
  return <Navigate to={`${basename}/ventures/${encodeURIComponent(ventureId)}`} replace />;
};

/** The corporate area at /corporate (corporate accounts only). */
export const CorporateApp = ({
  dataProvider,
  authProvider,
  i18nProvider,
  queryClient,
}: BackofficeAppProps) => (
  <SignedOutGuard basename={CORPORATE_BASENAME}>
    <Admin
      basename={CORPORATE_BASENAME}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      darkTheme={darkTheme}
      layout={CorporateLayout}
      loginPage={CorporateLogin}
      dashboard={CorporateOverview}
      title={i18nProvider.translate('app.title.corporate')}
      notification={AppNotification}
      disableTelemetry
      queryClient={queryClient}
    >
      <Resource name="ventures" {...ventures} />
      <Resource name="tickets" {...tickets} />
      <CustomRoutes>
        <Route
          path="/overview"
          element={
            <Authenticated>
              <CorporateOverview />
            </Authenticated>
          }
        />
        <Route
          path="/dashboard"
          element={
            <Authenticated>
              <CorporateOverview />
            </Authenticated>
          }
        />
        <Route
          path="/profile"
          element={
            <Authenticated>
              <ProfilePage />
            </Authenticated>
          }
        />
        <Route
          path="/verification"
          element={
            <Authenticated>
              <VerificationPage />
            </Authenticated>
          }
        />
        <Route
          path="/funding"
          element={
            <Authenticated>
              <FundingPage />
            </Authenticated>
          }
        />
        <Route path="/create-venture" element={<ToCreateVenture />} />
        <Route path="/ventures/:ventureId/edit-venture-details" element={<ToEditVenture />} />
        <Route
          path="/ventures/:ventureId/kiis"
          element={
            <Authenticated>
              <KiisRoute />
            </Authenticated>
          }
        />
        <Route
          path="/ventures/:ventureId/edit-venture-images"
          element={
            <Authenticated>
              <VentureImagesRoute />
            </Authenticated>
          }
        />
      </CustomRoutes>
    </Admin>
  </SignedOutGuard>
);
