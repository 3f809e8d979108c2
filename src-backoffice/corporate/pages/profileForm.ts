/** Spec 5 "Profile": which fields the corporate profile sends, and the password rules. */
import type { RequestBody } from '../../../src-shared/api/types';

/** The PUT /api/profile/update body (generated from the server's schema). */
export type ProfilePayload = RequestBody<'/api/profile/update', 'put'>;

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'countryName',
  'address',
  'newsletterFrequency',
  'transactionNotification',
  'latestNewsNotification',
  'companyName',
  'legalForm',
  'registrationNumber',
  'registeredAddress',
  'companyEmail',
  'companyPhone',
] as const;

export const PROFILE_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'countryName',
  'address',
  'companyName',
  'legalForm',
  'registrationNumber',
  'registeredAddress',
  'companyEmail',
  'companyPhone',
] as const;

export const MIN_PASSWORD_LENGTH = 8;

/** Form-level checks: the new password and its confirmation must match (spec 5). */
export function validateProfile(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const newPassword = typeof values.newPassword === 'string' ? values.newPassword : '';
  const confirm = typeof values.confirmPassword === 'string' ? values.confirmPassword : '';
  if (newPassword !== confirm) errors.confirmPassword = 'app.profile.passwords_mismatch';
  if (newPassword && newPassword.length < MIN_PASSWORD_LENGTH)
    errors.newPassword = 'app.profile.password_too_short';
  return errors;
}

/**
 * The PUT /api/profile/update body: the profile fields (strings trimmed), plus currentPassword and
 * newPassword only when both are given (if either is empty, neither is sent).
 */
export function toProfilePayload(values: Record<string, unknown>): ProfilePayload {
  const payload: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (!(field in values)) continue;
    const value = values[field];
    payload[field] = typeof value === 'string' ? value.trim() : value;
  }
  const current = typeof values.currentPassword === 'string' ? values.currentPassword : '';
  const next = typeof values.newPassword === 'string' ? values.newPassword : '';
  if (current !== '' && next !== '') {
    payload.currentPassword = current;
    payload.newPassword = next;
  }
  // The form's values of the fields above; the server validates them.
  return payload as ProfilePayload;
}
