import type { TFunction } from 'i18next';
import { ApiError } from '../../src-shared/api/client';
import { formatEuros } from '../../src-shared/money';

/**
 * The server answers in English (api-contract). Its known texts are shown in the reader's language
 * through these keys, whose English values are exactly the server's texts, so an English reader sees
 * the server's message unchanged. Unknown texts are shown as they came.
 */
export const SERVER_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  // Successes
  'Registration successful! Please verify your email.': 'auth.register.success',
  'Corporate registration successful! Please verify your email.': 'auth.registerCorporate.success',
  'Email verified successfully.': 'auth.verify.success',
  'Verification email resent.': 'auth.verify.resent',
  'Login successful!': 'auth.login.success',
  'Reset link sent. Check your email.': 'auth.forgot.success',
  'Password reset successful.': 'auth.reset.success',
  'Profile updated successfully.': 'investor.profile.success',
  'Email updated successfully.': 'investor.profile.emailUpdated',
  'Verification link generated!': 'investor.verification.linkGenerated',
  'Thank you! Your documents were received and will be reviewed.': 'kyc.success',
  'Investment successful!': 'invest.success',
  // Refusals
  'Email is already registered.': 'auth.server.emailTaken',
  'Please verify your email before logging in.': 'auth.server.verifyFirst',
  'Invalid email or password.': 'auth.server.invalidCredentials',
  'Your account is deactivated.': 'auth.server.deactivated',
  'Invalid or expired code.': 'auth.server.invalidCode',
  'Too many wrong codes. Please request a new one.': 'auth.server.codeBurnt',
  'Please wait a minute before requesting another code.': 'auth.server.resendWait',
  'Too many requests. Please try again later.': 'auth.server.tooManyRequests',
  'Too many attempts. Please try again later.': 'auth.server.tooManyAttempts',
  'Email is already verified.': 'auth.server.alreadyVerified',
  'Current password is incorrect.': 'auth.server.wrongCurrentPassword',
  'Something went wrong.': 'auth.server.generic',
  'Invalid input.': 'auth.server.invalidInput',
  'Invalid request.': 'auth.server.invalidRequest',
  'Invalid value.': 'auth.server.invalidValue',
  'Please log in.': 'auth.server.pleaseLogIn',
  'You are not allowed to do this.': 'auth.server.notAllowed',
  // Field messages of the request schemas (src-shared/contracts/auth.ts)
  'Email is required.': 'auth.errors.emailRequired',
  'Invalid email address.': 'auth.errors.invalidEmail',
  'Email is too long.': 'auth.server.emailTooLong',
  'Password is required.': 'auth.server.passwordRequired',
  'Password must be at least 8 characters.': 'auth.errors.passwordMustBe8',
  'Password must be at least 6 characters.': 'auth.errors.passwordMustBe6',
  'Password must be at most 128 characters.': 'auth.server.passwordTooLong',
  'Email and OTP are required.': 'auth.errors.emailAndOtp',
  'The code has 6 digits.': 'auth.server.codeDigits',
  'Enter both the current and the new password to change it.': 'auth.server.bothPasswords',
  'Please choose a country from the list.': 'auth.server.chooseCountry',
  'Please choose a city of the selected country.': 'auth.server.chooseCity',
  'Please choose a legal form from the list.': 'auth.server.chooseLegalForm',
  'First name is required.': 'auth.server.firstNameRequired',
  'Last name is required.': 'auth.server.lastNameRequired',
  'Phone is required.': 'auth.server.phoneRequired',
  'Country is required.': 'auth.server.countryRequired',
  'City is required.': 'auth.server.cityRequired',
  'Address is required.': 'auth.server.addressRequired',
  'Company name is required.': 'auth.server.companyNameRequired',
  'Registration number is required.': 'auth.server.registrationNumberRequired',
  'Registered address is required.': 'auth.server.registeredAddressRequired',
  'Company phone is required.': 'auth.server.companyPhoneRequired',
  // Identity verification (src-shared/contracts/kyc.ts and the KYC routes)
  'Your identity is already verified.': 'kyc.server.alreadyVerified',
  'Your documents are being reviewed. We will e-mail you the result.': 'kyc.server.underReview',
  'This verification link is invalid or has expired.': 'kyc.server.invalidLink',
  'The verification service is not available right now. Please try again later.': 'kyc.server.unavailable',
  'Choose the type of your identity document.': 'kyc.errors.documentType',
  'Upload the front of your document.': 'kyc.errors.documentFront',
  'Upload the back of your document.': 'kyc.errors.documentBack',
  'Upload a selfie.': 'kyc.errors.selfie',
  'Date of birth is required.': 'kyc.errors.dateOfBirthRequired',
  'Date of birth must be a date (YYYY-MM-DD).': 'kyc.errors.dateOfBirthInvalid',
  'Date of birth must be a real date in the past.': 'kyc.errors.dateOfBirthPast',
  'You must be at least 18 years old.': 'kyc.errors.tooYoung',
  'Choose your nationality.': 'kyc.errors.nationality',
  'Address must be at most 300 characters.': 'kyc.errors.addressTooLong',
  'Each file may be at most 10 MB.': 'kyc.errors.fileTooLarge',
  'Files must be JPEG, PNG or PDF.': 'kyc.errors.fileType',
  // Investing (api-contract, "Investments")
  'Please complete identity verification before investing.': 'invest.server.notVerified',
  'This venture is not open for investment.': 'invest.server.notOpen',
  'Insufficient balance.': 'invest.server.insufficient',
  'Venture not found.': 'invest.server.ventureNotFound',
};

/** Server texts with a euro amount in them (formatted the English way, e.g. '€1,000.00'): the key
 * and the name of the amount's placeholder. The amount is shown again in the reader's format. */
const WITH_AMOUNT: readonly { pattern: RegExp; key: string; name: string }[] = [
  { pattern: /^Minimum investment is €([\d,]+(?:\.\d+)?)$/, key: 'invest.minimum', name: 'min' },
  { pattern: /^Maximum investment is €([\d,]+(?:\.\d+)?)$/, key: 'invest.maximum', name: 'max' },
  {
    pattern: /^Only €([\d,]+(?:\.\d+)?) is left to fund in this venture\.$/,
    key: 'invest.server.leftToFund',
    name: 'amount',
  },
];

const AT_MOST = /^At most (\d+) characters\.$/;

/** A server text in the reader's language when it is a known one, else unchanged. Amounts in it
 * are formatted for `language` (the server writes them the English way). */
export function localizeServerMessage(message: string, t: TFunction, language = 'en'): string {
  const key = SERVER_MESSAGE_KEYS[message];
  if (key) return t(key);
  for (const { pattern, key: amountKey, name } of WITH_AMOUNT) {
    const match = pattern.exec(message);
    const amount = match ? Number(match[1]?.replace(/,/g, '')) : NaN;
    if (Number.isFinite(amount)) return t(amountKey, { [name]: formatEuros(amount, language) });
  }
  const atMost = AT_MOST.exec(message);
  if (atMost) return t('auth.server.atMost', { max: Number(atMost[1]) });
  return message;
}

/** The texts a form shows when its call fails (spec section 8). */
export interface FailureTexts {
  /** The server answered with an error but no message of its own. */
  fallback: string;
  /** No answer came back at all; defaults to the fallback. */
  noResponse?: string;
  /** The request could not even be made (anything that is not an answer or a missing answer);
   * defaults to the fallback. */
  network?: string;
}

/** The message of a failed call: the server's (localised), else the matching text of `texts`. */
export function failureMessage(error: unknown, t: TFunction, texts: FailureTexts, language?: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return texts.noResponse ?? texts.fallback;
    if (error.fromServer) return localizeServerMessage(error.message, t, language);
    return texts.fallback;
  }
  return texts.network ?? texts.fallback;
}

/** The per-field messages of a 400 answer (`errors: { field: message }`), localised. */
export function fieldErrorsOf(error: unknown, t: TFunction, language?: string): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (typeof message === 'string' && message) result[field] = localizeServerMessage(message, t, language);
  }
  return result;
}

/** The server's success text (localised), else the given default. */
export function successMessage(response: unknown, t: TFunction, fallback: string, language?: string): string {
  const message = (response as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message ? localizeServerMessage(message, t, language) : fallback;
}
