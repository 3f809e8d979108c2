import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { useId } from 'react';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';

/** The lists of the admin menu (admin/Menu.tsx), in its order: where a lost admin most likely wanted to go. */
export const ADMIN_LISTS = [
  'users',
  'ventures',
  'kyc',
  'investments',
  'balances',
  'balance-histories',
  'withdrawals',
  'withdrawal-exports',
  'bank-statement-entries',
  'servicing',
  'mails',
  'protection',
  'tickets',
  'audit',
] as const;

/**
 * Addresses people guess (issue 30, item 12), each leading to the real one: the words of the menu's
 * translations, the regulation's and everyday names. Relative to the back office's basename.
 */
export const ADMIN_ALIASES: Readonly<Record<string, string>> = {
  verifications: 'kyc',
  verification: 'kyc',
  identity: 'kyc',
  'identity-verification': 'kyc',
  investors: 'users',
  accounts: 'users',
  people: 'users',
  customers: 'users',
  companies: 'users',
  projects: 'ventures',
  campaigns: 'ventures',
  offers: 'ventures',
  messages: 'mails',
  inbox: 'mails',
  contact: 'mails',
  support: 'tickets',
  'support-tickets': 'tickets',
  loans: 'servicing',
  repayments: 'servicing',
  'loan-servicing': 'servicing',
  'audit-log': 'audit',
  logs: 'audit',
  history: 'audit',
  'investor-protection': 'protection',
  transactions: 'balance-histories',
  ledger: 'balance-histories',
  'balance-history': 'balance-histories',
  wallets: 'balances',
  payouts: 'withdrawals',
  'payment-files': 'withdrawal-exports',
  'bank-statements': 'bank-statement-entries',
  home: 'overview',
};

/** Sends a guessed address to the real one, keeping the query (a filter in the URL). */
export const AliasRedirect = ({ to }: { to: string }) => {
  const basename = useBasename();
  const { search } = useLocation();
  return <Navigate to={`${basename}/${to}${search}`} replace />;
};

/**
 * The back office's not-found page (react-admin's `catchAll`): the address that has no page, the
 * lists of the menu as links, and the way back to the overview, instead of a bare "Not Found".
 */
export const AdminNotFound = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const { pathname } = useLocation();
  const textId = useId();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="app.not_found_page.title" />
      <CardContent>
        <Typography id={textId}>{translate('app.not_found_page.text', { path: pathname })}</Typography>
        <List aria-labelledby={textId} dense sx={{ columns: { xs: 1, sm: 2, md: 3 }, maxWidth: 720 }}>
          {ADMIN_LISTS.map((name) => (
            <ListItem key={name} disableGutters>
              <Link component={RouterLink} to={`${basename}/${name}`}>
                {translate(`resources.${name}.name`, { smart_count: 2 })}
              </Link>
            </ListItem>
          ))}
        </List>
        <Box sx={{ mt: 1 }}>
          <Link component={RouterLink} to={`${basename}/overview`}>
            {translate('app.not_found_page.overview')}
          </Link>
        </Box>
      </CardContent>
    </Card>
  );
};
