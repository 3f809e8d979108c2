/**
 * The legal documents' versions and dates, shown on their pages (src-public/pages/LegalPage.tsx)
 * and stored with a person's consent at registration (users.terms_version, users.privacy_version).
 * A change to a document's text in src-shared/i18n/locales/{en,de,es,fr}/common.json (`legal.{doc}`)
 * gives it a new version and date here, so every account keeps the version it accepted.
 */
export const LEGAL_DOCUMENT_VERSIONS = {
  terms: { version: '2.0', updated: '2026-11-26' },
  privacy: { version: '2.0', updated: '2026-11-26' },
  cookie: { version: '1.1', updated: '2026-11-26' },
} as const satisfies Record<string, { version: string; updated: string }>;

export type LegalDocumentName = keyof typeof LEGAL_DOCUMENT_VERSIONS;

/** The terms of use a new account accepts (stored in users.terms_version). */
export const TERMS_VERSION = LEGAL_DOCUMENT_VERSIONS.terms.version;
/** The privacy policy a new account accepts (stored in users.privacy_version). */
export const PRIVACY_VERSION = LEGAL_DOCUMENT_VERSIONS.privacy.version;

/** The public site's paths of the documents (spec 2.1). */
export const LEGAL_PATHS = {
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  cookie: '/cookie-policy',
} as const satisfies Record<LegalDocumentName, string>;
