import { z } from 'zod';
import { NEWSLETTER_FREQUENCIES, ROLES, KYC_STATUSES } from '../constants/enums';
import { AFRICAN_COUNTRIES, citiesOf, INVESTOR_COUNTRIES, LEGAL_FORMS } from '../constants/countries';
import type { ErrorCode } from '../errors';
import { emailSchema } from './common';

/** A required text field: trimmed, at most `max` characters, with the given code when empty.
 * Validation messages are error codes (src-shared/errors.ts); the server sends their English text. */
export const requiredText = (message: ErrorCode, max: 40 | 80 | 200 | 300 = 200) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `common.too_long_${max}` satisfies ErrorCode);

const password = (min: number, message: ErrorCode) =>
  z.string({ message }).min(min, message).max(128, 'auth.password_too_long');

/** Contract: at least 8 characters at registration and profile change, at least 6 at reset. */
export const registrationPassword = password(8, 'auth.password_min_8');
export const resetPassword = password(6, 'auth.password_min_6');

const INVESTOR_COUNTRY_NAMES = INVESTOR_COUNTRIES.map((c) => c.name) as [string, ...string[]];
const AFRICAN_COUNTRY_NAMES = AFRICAN_COUNTRIES.map((c) => c.name) as [string, ...string[]];

const preferences = {
  transactionNotification: z.boolean().optional().default(false),
  latestNewsNotification: z.boolean().optional().default(false),
};

const investorCountry = z.enum(INVESTOR_COUNTRY_NAMES, { message: 'profile.choose_country' });

/** Spec 3, user registration payload (the confirmation field is not sent). */
export const registerBodySchema = z
  .object({
    firstName: requiredText('profile.first_name_required'),
    lastName: requiredText('profile.last_name_required'),
    email: emailSchema,
    phone: requiredText('profile.phone_required', 40),
    countryName: investorCountry,
    city: requiredText('profile.city_required'),
    address: requiredText('profile.address_required', 300),
    newsletterFrequency: z.enum(NEWSLETTER_FREQUENCIES).optional().default('monthly'),
    ...preferences,
    password: registrationPassword,
  })
  .superRefine((body, ctx) => {
    if (!citiesOf(body.countryName).includes(body.city)) {
      ctx.addIssue({
        code: 'custom',
        path: ['city'],
        message: 'profile.choose_city',
      });
    }
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Spec 3, corporate registration payload. */
export const registerCorporateBodySchema = z.object({
  firstName: requiredText('profile.first_name_required'),
  lastName: requiredText('profile.last_name_required'),
  email: emailSchema,
  phone: requiredText('profile.phone_required', 40),
  companyName: requiredText('profile.company_name_required'),
  legalForm: z.enum(LEGAL_FORMS, { message: 'profile.choose_legal_form' }),
  registrationNumber: requiredText('profile.registration_number_required', 80),
  countryName: z.enum(AFRICAN_COUNTRY_NAMES, { message: 'profile.choose_country' }),
  registeredAddress: requiredText('profile.registered_address_required', 300),
  companyEmail: emailSchema,
  companyPhone: requiredText('profile.company_phone_required', 40),
  newsletterFrequency: z.enum(NEWSLETTER_FREQUENCIES).optional().default('weekly'),
  ...preferences,
  password: registrationPassword,
});
export type RegisterCorporateBody = z.input<typeof registerCorporateBodySchema>;

const codeSchema = z
  .string({ message: 'auth.code_required' })
  .trim()
  .min(1, 'auth.code_required')
  .regex(/^\d{6}$/, 'auth.code_digits');

export const verifyEmailBodySchema = z.object({ email: emailSchema, token: codeSchema });
export const emailOnlyBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  token: codeSchema,
  newPassword: resetPassword,
});
export const confirmEmailBodySchema = z.object({ token: codeSchema });

/** Profile fields; `currentPassword` and `newPassword` only together. Corporate-only fields are
 * ignored for investors and `city` for corporates. */
export const profileUpdateBodySchema = z
  .object({
    firstName: requiredText('profile.first_name_required'),
    lastName: requiredText('profile.last_name_required'),
    email: emailSchema,
    phone: requiredText('profile.phone_required', 40),
    countryName: requiredText('profile.country_required'),
    city: z.string().trim().max(200).nullable().optional(),
    address: requiredText('profile.address_required', 300),
    newsletterFrequency: z.enum(NEWSLETTER_FREQUENCIES),
    transactionNotification: z.boolean().optional(),
    latestNewsNotification: z.boolean().optional(),
    companyName: z.string().trim().max(200).optional(),
    legalForm: z.enum(LEGAL_FORMS).optional(),
    registrationNumber: z.string().trim().max(80).optional(),
    registeredAddress: z.string().trim().max(300).optional(),
    companyEmail: emailSchema.optional(),
    companyPhone: z.string().trim().max(40).optional(),
    currentPassword: z.string().max(128).optional(),
    newPassword: registrationPassword.optional(),
  })
  .superRefine((body, ctx) => {
    if (Boolean(body.currentPassword) !== Boolean(body.newPassword)) {
      const path = body.currentPassword ? 'newPassword' : 'currentPassword';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: 'profile.passwords_together',
      });
    }
  });
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: 'auth.password_required' })
    .min(1, 'auth.password_required')
    .max(128, 'auth.password_too_long'),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The User of spec 3 as the API returns it (never the password hash). */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  countryName: z.string(),
  city: z.string().nullable(),
  address: z.string(),
  newsletterFrequency: z.enum(NEWSLETTER_FREQUENCIES),
  transactionNotification: z.boolean(),
  latestNewsNotification: z.boolean(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  companyName: z.string().nullable(),
  legalForm: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  companyEmail: z.string().nullable(),
  companyPhone: z.string().nullable(),
  /** An address change waiting for the code sent to it (it takes effect only then). */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ message: z.string(), email: z.string() });
export const profileUpdateResponseSchema = z.object({ message: z.string(), data: userSchema });
export const loginResponseSchema = z.object({ message: z.string(), user: userSchema });
export const profileResponseSchema = z.object({ data: userSchema });
