import { LegalPage } from './LegalPage';

export function CookiePolicyPage() {
  return <LegalPage doc="cookie" />;
}

export { CookiePolicyPage as Component };
