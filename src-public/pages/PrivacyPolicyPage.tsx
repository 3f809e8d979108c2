import { LegalPage } from './LegalPage';

export function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}

export { PrivacyPolicyPage as Component };
