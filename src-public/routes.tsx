import { generatePath, Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { DashboardRedirect } from './auth/session/DashboardRedirect';
import { PageLoader } from './components/PageLoader';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPage } from './layout/RouteErrorPage';
import type { PlaceholderKey } from './pages/PlaceholderPage';

/** Redirects to a path pattern filled with the current route's params, keeping the query string. */
function RedirectTo({ pattern }: { pattern: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`${generatePath(pattern, params)}${search}${hash}`} replace />;
}

const redirect = (path: string, pattern: string): RouteObject => ({
  path,
  element: <RedirectTo pattern={pattern} />,
});

/** The placeholder pages of spec 2.1 (a title and one line). */
const placeholder = (path: PlaceholderKey): RouteObject => ({
  path,
  lazy: async () => {
    const { PlaceholderPage } = await import('./pages/PlaceholderPage');
    return { element: <PlaceholderPage page={path} /> };
  },
});

/**
 * The route table of spec 2.1. Every page is a lazy module exporting `Component`. The corporate
 * and admin areas are served by the back-office entry (backoffice.html), not by this router.
 * Links that use the /dashboard/... and /projects/... families (spec 2.1) redirect to the
 * /user/... and /ventures/... screens; /dashboard/overview, /dashboard/verification and
 * /dashboard/profile lead to the signed-in role's own page (investor, corporate or admin).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors inside a page render within the layout; the fallback shows while the first page loads.
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <PageLoader />,
        children: [
          { index: true, lazy: () => import('./pages/HomePage') },
          { path: 'about-us', lazy: () => import('./pages/AboutUsPage') },
          { path: 'contact-us', lazy: () => import('./pages/ContactUsPage') },
          { path: 'help', lazy: () => import('./pages/HelpPage') },
          { path: 'support', lazy: () => import('./pages/SupportPage') },
          { path: 'how-to-invest', lazy: () => import('./pages/HowToInvestPage') },
          { path: 'cookie-policy', lazy: () => import('./pages/CookiePolicyPage') },
          { path: 'privacy-policy', lazy: () => import('./pages/PrivacyPolicyPage') },
          { path: 'terms-and-conditions', lazy: () => import('./pages/TermsPage') },
          placeholder('affiliate-program'),
          placeholder('careers'),
          placeholder('get-funding'),
          placeholder('news'),
          placeholder('reports'),
          { path: 'statistics', lazy: () => import('./statistics/StatisticsPage') },
          placeholder('style-guide'),

          { path: 'ventures', lazy: () => import('./ventures/VenturesPage') },
          { path: 'ventures/:ventureId', lazy: () => import('./ventures/VentureDetailPage') },
          { path: 'ventures/:ventureId/investment-form', lazy: () => import('./ventures/VentureDetailPage') },

          { path: 'login', lazy: () => import('./auth/pages/LoginPage') },
          { path: 'register', lazy: () => import('./auth/pages/RegisterPage') },
          { path: 'register-corporate', lazy: () => import('./auth/pages/RegisterCorporatePage') },
          { path: 'verify-email', lazy: () => import('./auth/pages/VerifyEmailPage') },
          { path: 'forgot-password', lazy: () => import('./auth/pages/ForgotPasswordPage') },
          { path: 'reset-password', lazy: () => import('./auth/pages/ResetPasswordPage') },
          // The built-in identity verification: public, the single-use token in the link is the credential.
          { path: 'kyc/:token', lazy: () => import('./kyc/KycPage') },

          {
            path: 'user',
            lazy: () => import('./investor/InvestorLayout'),
            children: [
              { index: true, element: <Navigate to="/user/overview" replace /> },
              { path: 'overview', lazy: () => import('./investor/OverviewPage') },
              { path: 'funding', lazy: () => import('./investor/FundingPage') },
              { path: 'investments', lazy: () => import('./investor/InvestmentsPage') },
              { path: 'investments/:id', lazy: () => import('./investor/InvestmentDetailPage') },
              // Auto-invest (EU 2020/1503 Art. 6; issue 28).
              { path: 'auto-invest', lazy: () => import('./investor/auto-invest/AutoInvestPage') },
              { path: 'statements', lazy: () => import('./investor/statements/StatementsPage') },
              { path: 'tickets', lazy: () => import('./investor/tickets/TicketsPage') },
              { path: 'tickets/new', lazy: () => import('./investor/tickets/NewTicketPage') },
              { path: 'tickets/:id', lazy: () => import('./investor/tickets/TicketPage') },
              { path: 'verification', lazy: () => import('./investor/VerificationPage') },
              { path: 'profile', lazy: () => import('./investor/ProfilePage') },
              // The investor profile of EU 2020/1503 Art. 21 (stable paths: the invest dialog links here
              // with ?next=/ventures/<id>).
              {
                path: 'profile/investor',
                lazy: () => import('./investor/protection/ProtectionOverviewPage'),
              },
              {
                path: 'profile/investor/test',
                lazy: () => import('./investor/protection/KnowledgeTestPage'),
              },
              {
                path: 'profile/investor/simulation',
                lazy: () => import('./investor/protection/LossSimulationPage'),
              },
              {
                path: 'profile/investor/sophisticated',
                lazy: () => import('./investor/protection/SophisticatedPage'),
              },
            ],
          },

          { path: 'dashboard', element: <DashboardRedirect page="overview" /> },
          { path: 'dashboard/overview', element: <DashboardRedirect page="overview" /> },
          { path: 'dashboard/verification', element: <DashboardRedirect page="verification" /> },
          { path: 'dashboard/profile', element: <DashboardRedirect page="profile" /> },
          // The investor's balance and net annual return (spec 2.5's second dashboard screen).
          redirect('dashboard/funding', '/user/funding'),
          redirect('dashboard/investments', '/user/investments'),
          redirect('dashboard/tickets', '/user/tickets'),
          redirect('projects', '/ventures'),
          redirect('projects/:id', '/ventures/:id'),
          redirect('projects/:id/invest', '/ventures/:id/investment-form'),

          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
