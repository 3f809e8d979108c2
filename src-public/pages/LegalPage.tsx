import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { COMPANY } from '../layout/company';

/** The three static legal documents of spec 2.3; texts live in `legal.{doc}.sections.{id}`. */
export const LEGAL_DOCUMENTS = {
  cookie: ['intro', 'what', 'which', 'thirdParty', 'manage', 'contact'],
  privacy: ['controller', 'data', 'purposes', 'kyc', 'sharing', 'retention', 'rights', 'security', 'contact'],
  terms: [
    'acceptance',
    'eligibility',
    'account',
    'risk',
    'money',
    'ventures',
    'liability',
    'law',
    'changes',
    'contact',
  ],
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

export const LEGAL_LAST_UPDATED = '2025-07-06';

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
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_LAST_UPDATED}T00:00:00Z`),
  );
  const values = { company: COMPANY.legalName, number: COMPANY.registrationNumber, email: COMPANY.email };
  return (
    <Page title={t(`legal.${doc}.title`)} maxWidth="md">
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('legal.lastUpdated', { date: updated })}
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
