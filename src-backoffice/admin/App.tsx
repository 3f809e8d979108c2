import { SignedOutGuard } from '../components/SignedOutGuard';
import type { QueryClient } from '@tanstack/react-query';
import {
  Admin,
  CustomRoutes,
  Resource,
  type AuthProvider,
  type I18nProvider,
  Authenticated,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { AppNotification, withMenu } from '../components/AppLayout';
import { backofficeDarkTheme, backofficeTheme } from '../components/theme';
import { LoginPage } from '../components/LoginPage';
import type { BackofficeDataProvider } from '../providers/dataProvider';
import audit from '../resources/audit';
import bankStatementEntries, { StatementImportPage } from '../resources/bank-statements';
import withdrawals from '../resources/withdrawals';
import withdrawalExports from '../resources/withdrawals/exports';
import balanceHistories from '../resources/balance-histories';
import balances, { AddBalancePage } from '../resources/balances';
import investments from '../resources/investments';
import kyc from '../resources/kyc';
import mails from '../resources/mails';
import protection from '../resources/protection';
import servicing from '../resources/servicing';
import tickets from '../resources/tickets';
import users from '../resources/users';
import ventures from '../resources/ventures';
import { lazyExport } from '../components/lazyExport';
import { ADMIN_BASENAME } from '../basenames';
import { AdminMenu } from './Menu';
import { ADMIN_ALIASES, AdminNotFound, AliasRedirect } from './NotFound';
import { withSecondFactorGate } from './SecondFactorGate';

export { ADMIN_BASENAME };

// Each screen loads when first shown (the resources' screens too: see their index.ts).
const AdminDashboard = lazyExport(() => import('./Dashboard'), 'AdminDashboard');

const AdminLayout = withSecondFactorGate(withMenu(AdminMenu));
const AdminLogin = () => <LoginPage title="app.title.admin" />;

export interface BackofficeAppProps {
  dataProvider: BackofficeDataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  /** Optional: react-admin makes its own when absent (tests). */
  queryClient?: QueryClient;
}

/** The admin console at /admin (admin and superadmin only). */
export const AdminApp = ({ dataProvider, authProvider, i18nProvider, queryClient }: BackofficeAppProps) => (
  <SignedOutGuard basename={ADMIN_BASENAME}>
    <Admin
      basename={ADMIN_BASENAME}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={backofficeTheme}
      darkTheme={backofficeDarkTheme}
      layout={AdminLayout}
      loginPage={AdminLogin}
      dashboard={AdminDashboard}
      title={i18nProvider.translate('app.title.admin')}
      notification={AppNotification}
      catchAll={AdminNotFound}
      disableTelemetry
      queryClient={queryClient}
    >
      <Resource name="users" {...users} />
      <Resource name="ventures" {...ventures} />
      <Resource name="balances" {...balances} />
      <Resource name="balance-histories" {...balanceHistories} />
      <Resource name="investments" {...investments} />
      <Resource name="mails" {...mails} />
      <Resource name="kyc" {...kyc} />
      <Resource name="tickets" {...tickets} />
      <Resource name="servicing" {...servicing} />
      <Resource name="protection" {...protection} />
      <Resource name="audit" {...audit} />
      <Resource name="withdrawals" {...withdrawals} />
      <Resource name="withdrawal-exports" {...withdrawalExports} />
      <Resource name="bank-statement-entries" {...bankStatementEntries} />
      <CustomRoutes>
        {/* Addresses people guess (issue 30): /admin/verifications opens /admin/kyc. */}
        {Object.entries(ADMIN_ALIASES).map(([alias, target]) => (
          <Route key={alias} path={`/${alias}`} element={<AliasRedirect to={target} />} />
        ))}
        <Route
          path="/overview"
          element={
            <Authenticated>
              <AdminDashboard />
            </Authenticated>
          }
        />
        <Route
          path="/dashboard"
          element={
            <Authenticated>
              <AdminDashboard />
            </Authenticated>
          }
        />
        <Route
          path="/balances/add-balance/:userId"
          element={
            <Authenticated>
              <AddBalancePage />
            </Authenticated>
          }
        />
        <Route
          path="/bank-statements/import"
          element={
            <Authenticated>
              <StatementImportPage />
            </Authenticated>
          }
        />
      </CustomRoutes>
    </Admin>
  </SignedOutGuard>
);
