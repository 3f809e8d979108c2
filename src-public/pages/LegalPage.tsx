import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { LEGAL_DOCUMENT_VERSIONS, type LegalDocumentName } from '../../src-shared/constants/legal';
import { COMPANY } from '../layout/company';
import { countryLabel } from '../lib/format';

/**
 * The three static legal documents of spec 2.3; texts live in `legal.{doc}.sections.{id}`, versions
 * and dates in src-shared/constants/legal.ts (a new text gets a new version there: the registration
 * stores the versions a person accepted). The terms' `risk` section is the risk banner's full
 * warning (`#legal-risk`).
 */
export const LEGAL_DOCUMENTS = {
  cookie: ['intro', 'what', 'which', 'thirdParty', 'manage', 'contact'],
  privacy: [
    'controller',
    'account',
    'identity',
    'protection',
    'money',
    'communications',
    'technical',
    'purposes',
    'automated',
    'sharing',
    'retention',
    'rights',
    'complaint',
    'security',
    'changes',
    'contact',
  ],
  terms: [
    'about',
    'acceptance',
    'eligibility',
    'account',
    'risk',
    'categories',
    'knowledge',
    'reflection',
    'money',
    'investing',
    'fees',
    'repayments',
    'default',
    'duties',
    'liability',
    'termination',
    'changes',
    'law',
    'contact',
  ],
} as const satisfies Record<LegalDocumentName, readonly string[]>;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** Brings a linked section (`#legal-risk`, the risk banner's full warning) into view below the sticky header. */
function useScrollToSection() {
  const { hash } = useLocation();
  useEffect(() => {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the raw text up.
    }
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

export function LegalPage({ doc }: { doc: LegalDocument }) {
  const { t, i18n } = useTranslation();
  useScrollToSection();
  const { version, updated } = LEGAL_DOCUMENT_VERSIONS[doc];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${updated}T00:00:00Z`),
  );
  const registered = COMPANY.offices.find((office) => 'registered' in office && office.registered);
  const values = {
    company: COMPANY.legalName,
    number: COMPANY.registrationNumber,
    email: COMPANY.email,
    address: registered
      ? `${registered.address}, ${countryLabel(registered.code, registered.country, i18n.language)}`
      : '',
  };
  return (
    <Page title={t(`legal.${doc}.title`)} maxWidth="md">
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('legal.version', { version })} · {t('legal.lastUpdated', { date })}
      </Typography>
      {LEGAL_DOCUMENTS[doc].map((section, index) => (
        <Box component="section" key={section} aria-labelledby={`legal-${section}`} sx={{ mt: 4 }}>
          <Typography
            id={`legal-${section}`}
            component="h2"
            variant="h5"
            // A linked heading (#legal-risk) stops below the sticky header, not under it.
            sx={{ fontWeight: 700, mb: 1, scrollMarginTop: { xs: 76, md: 88 } }}
          >
            {`${index + 1}. ${t(`legal.${doc}.sections.${section}.title`)}`}
          </Typography>
          <Typography sx={{ lineHeight: 1.75 }}>
            {t(`legal.${doc}.sections.${section}.body`, values)}
          </Typography>
        </Box>
      ))}
    </Page>
  );
}
