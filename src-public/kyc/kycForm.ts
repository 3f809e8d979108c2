import {
  ageOn,
  hasBackSide,
  KYC_DOCUMENT_TYPES,
  KYC_MIN_AGE,
  type KycDocumentType,
  type KycFileField,
} from '../../src-shared/constants/kyc';
import { NATIONALITY_CODES } from '../../src-shared/constants/nationalities';

/** The text fields of the built-in verification form (POST /api/kyc/session/{token}). */
export interface KycFormValues {
  documentType: KycDocumentType | '';
  /** YYYY-MM-DD, as a date input gives it. */
  dateOfBirth: string;
  nationality: string;
  address: string;
}

export type KycFiles = Partial<Record<KycFileField, File>>;

/** Every field of the form, in the order it is shown (the first problem gets the focus). */
export const KYC_FIELD_ORDER = [
  'documentType',
  'documentFront',
  'documentBack',
  'selfie',
  'dateOfBirth',
  'nationality',
  'address',
] as const;
export type KycField = (typeof KYC_FIELD_ORDER)[number];

/** The server refuses an age below 0 or above this as not a real date of birth. */
export const KYC_MAX_AGE = 120;
export const KYC_ADDRESS_MIN = 5;
export const KYC_ADDRESS_MAX = 300;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (not 2024-02-30). */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function isDocumentType(value: string): value is KycDocumentType {
  return (KYC_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Whether the form asks for (and sends) the back of the document. */
export function needsBack(documentType: KycFormValues['documentType']): boolean {
  return documentType !== '' && hasBackSide(documentType);
}

/**
 * The client's checks, the same as the server's (src-shared/contracts/kyc.ts): each failing field
 * with the translation key of its message. The server checks everything again.
 */
export function kycProblems(
  values: KycFormValues,
  files: KycFiles,
  today: Date,
): Partial<Record<KycField, string>> {
  const problems: Partial<Record<KycField, string>> = {};
  if (!isDocumentType(values.documentType)) problems.documentType = 'kyc.errors.documentType';
  if (!files.documentFront) problems.documentFront = 'kyc.errors.documentFront';
  if (needsBack(values.documentType) && !files.documentBack)
    problems.documentBack = 'kyc.errors.documentBack';
  if (!files.selfie) problems.selfie = 'kyc.errors.selfie';
  const dateOfBirth = values.dateOfBirth.trim();
  if (!dateOfBirth) problems.dateOfBirth = 'kyc.errors.dateOfBirthRequired';
  else if (!isIsoDate(dateOfBirth)) problems.dateOfBirth = 'kyc.errors.dateOfBirthInvalid';
  else {
    const age = ageOn(dateOfBirth, today);
    if (age < 0 || age > KYC_MAX_AGE) problems.dateOfBirth = 'kyc.errors.dateOfBirthPast';
    else if (age < KYC_MIN_AGE) problems.dateOfBirth = 'kyc.errors.tooYoung';
  }
  if (!(NATIONALITY_CODES as readonly string[]).includes(values.nationality))
    problems.nationality = 'kyc.errors.nationality';
  const address = values.address.trim();
  if (address.length < KYC_ADDRESS_MIN) problems.address = 'auth.server.addressRequired';
  else if (address.length > KYC_ADDRESS_MAX) problems.address = 'kyc.errors.addressTooLong';
  return problems;
}

/**
 * The multipart body: the text fields first (trimmed), then the files. The back of the document is
 * sent only for a type that has one.
 */
export function kycFormData(values: KycFormValues, files: KycFiles): FormData {
  const body = new FormData();
  body.append('documentType', values.documentType);
  body.append('dateOfBirth', values.dateOfBirth.trim());
  body.append('nationality', values.nationality);
  body.append('address', values.address.trim());
  if (files.documentFront) body.append('documentFront', files.documentFront, files.documentFront.name);
  if (needsBack(values.documentType) && files.documentBack)
    body.append('documentBack', files.documentBack, files.documentBack.name);
  if (files.selfie) body.append('selfie', files.selfie, files.selfie.name);
  return body;
}

/** The nationality options, named in the reader's language and sorted by that name. */
export function nationalityOptions(language: string): { code: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(language);
  return NATIONALITY_CODES.map((code) => {
    let label: string = code;
    try {
      label = names?.of(code) ?? code;
    } catch {
      label = code;
    }
    return { code, label };
  }).sort((a, b) => collator.compare(a.label, b.label));
}

/** Today as YYYY-MM-DD (UTC), the latest date a date-of-birth input offers. */
export function todayIso(today: Date): string {
  return today.toISOString().slice(0, 10);
}
