import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useAuthProvider, useLogout, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SecondFactorSetup } from '../components/SecondFactorSetup';
import type { BackofficeAuthProvider } from '../providers/authProvider';

/**
 * The second factor is mandatory for admins (API contract, "Admin sign-in and audit"): an admin
 * without one sees only its setup, before the console and any admin call; enabling completes the
 * session's sign-in, so the console opens right after the recovery codes (decision 0121).
 */
export function withSecondFactorGate<P extends { children?: ReactNode }>(Layout: ComponentType<P>) {
  const Gated = (props: P) => {
    const authProvider = useAuthProvider() as BackofficeAuthProvider | undefined;
    const translate = useTranslate();
    const logout = useLogout();
    const [state, setState] = useState<'loading' | 'setup' | 'ready'>('loading');

    useEffect(() => {
      let live = true;
      void (authProvider?.getProfile?.() ?? Promise.resolve(null)).then((profile) => {
        if (!live) return;
        const admin = profile?.role === 'admin' || profile?.role === 'superadmin';
        setState(admin && !profile.secondFactorEnabled ? 'setup' : 'ready');
      });
      return () => {
        live = false;
      };
    }, [authProvider]);

    if (state === 'loading') return null;
    if (state === 'setup') {
      return (
        <Box component="main" sx={{ p: 2 }}>
          <SecondFactorSetup
            onDone={() => {
              void authProvider?.getProfile().then((profile) => {
                if (profile) authProvider.setProfile({ ...profile, secondFactorEnabled: true });
                setState('ready');
              });
            }}
          />
          <Box sx={{ textAlign: 'center' }}>
            <Button onClick={() => logout()}>{translate('ra.auth.logout')}</Button>
          </Box>
        </Box>
      );
    }
    return <Layout {...props} />;
  };
  return Gated;
}
