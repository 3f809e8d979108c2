/** Identity verification's plain constants (no zod), for the web pages and the server alike. */

/** Identity documents the built-in verification accepts; all but a passport have a back side. */
export const KYC_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'residence_permit'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export const hasBackSide = (type: KycDocumentType) => type !== 'passport';

/** Multipart file fields of POST /api/kyc/session/{token}. */
export const KYC_FILE_FIELDS = ['documentFront', 'documentBack', 'selfie'] as const;
export type KycFileField = (typeof KYC_FILE_FIELDS)[number];
export const KYC_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const KYC_FILE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};
export const KYC_MIN_AGE = 18;

/** Whole years between a date of birth (YYYY-MM-DD) and `today`, in UTC. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}
