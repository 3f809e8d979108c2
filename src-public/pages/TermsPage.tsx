import { LegalPage } from './LegalPage';

export function TermsPage() {
  return <LegalPage doc="terms" />;
}

export { TermsPage as Component };
