import { z } from 'zod';
import { NEWSLETTER_FREQUENCIES, ROLES, KYC_STATUSES } from '../constants/enums';
import { AFRICAN_COUNTRIES, citiesOf, INVESTOR_COUNTRIES, LEGAL_FORMS } from '../constants/countries';
import type { ErrorCode } from '../errors';
import { PASSWORD_MAX, PASSWORD_MIN, passwordIsPersonal, type PasswordPerson } from '../rules/passwords';
import { emailSchema } from './common';
import { safeText } from './input';

/** A required text field: trimmed, at most `max` characters, with the given code when empty.
 * Validation messages are error codes (src-shared/errors.ts); the server sends their English text. */
export const requiredText = (message: ErrorCode, max: 40 | 80 | 200 | 300 = 200) =>
  safeText(
    z
      .string({ message })
      .trim()
      .min(1, message)
      .max(max, `common.too_long_${max}` satisfies ErrorCode),
  );

/** An optional one-line profile text (no control or invisible characters). */
const optionalText = (max: 40 | 80 | 200 | 300) => safeText(z.string().trim().max(max)).optional();

/** Contract ("Auth and profile"): at least 8 and at most 128 characters everywhere (registration,
 * change, reset). The common-password list is checked by the server (src-server/lib/password-policy.ts). */
const password = () =>
  z
    .string({ message: 'auth.password_min_8' })
    .min(PASSWORD_MIN, 'auth.password_min_8')
    .max(PASSWORD_MAX, 'auth.password_too_long');

export const registrationPassword = password();
/** Reset follows the same rules as registration (it accepted 6 characters before issue 26). */
export const resetPassword = password();

/** Refuses, on `field`, a password that contains the person's name or e-mail (decision 0114). */
const notPersonal =
  <T extends PasswordPerson>(field: string, passwordOf: (body: T) => string | undefined) =>
  (body: T, ctx: z.RefinementCtx) => {
    const value = passwordOf(body);
    if (typeof value === 'string' && value && passwordIsPersonal(value, body)) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'input.password_personal' satisfies ErrorCode });
    }
  };

const INVESTOR_COUNTRY_NAMES = INVESTOR_COUNTRIES.map((c) => c.name) as [string, ...string[]];
const AFRICAN_COUNTRY_NAMES = AFRICAN_COUNTRIES.map((c) => c.name) as [string, ...string[]];

const preferences = {
  transactionNotification: z.boolean().optional().default(false),
  latestNewsNotification: z.boolean().optional().default(false),
};

const investorCountry = z.enum(INVESTOR_COUNTRY_NAMES, { message: 'profile.choose_country' });

/** Consent at registration: the terms of use and the privacy policy must be accepted (only `true`
 * passes; missing, `false` or `"true"` answer 400 with `auth.terms_required` on `acceptTerms`).
 * The server stores the versions accepted (src-shared/constants/legal.ts) and when. */
const acceptTerms = z
  .literal(true, { message: 'auth.terms_required' })
  .meta({ description: 'Must be true: the person accepts the terms of use and the privacy policy' });

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
    acceptTerms,
  })
  .superRefine(
    (body, ctx) => {
      if (!citiesOf(body.countryName).includes(body.city)) {
        ctx.addIssue({
          code: 'custom',
          path: ['city'],
          message: 'profile.choose_city',
        });
      }
    },
    // Also when another field is missing or of the wrong type (zod skips a refinement after such
    // an issue by default): a 400 names every wrong field at once, the city among them.
    { when: ({ value }) => typeof (value as { city?: unknown } | undefined)?.city === 'string' },
  )
  .superRefine(
    notPersonal<{ password: string } & PasswordPerson>('password', (b) => b.password),
    { when: ({ value }) => typeof (value as { password?: unknown } | undefined)?.password === 'string' },
  );
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Spec 3, corporate registration payload. */
export const registerCorporateBodySchema = z
  .object({
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
    acceptTerms,
  })
  .superRefine(
    notPersonal<{ password: string } & PasswordPerson>('password', (b) => b.password),
    { when: ({ value }) => typeof (value as { password?: unknown } | undefined)?.password === 'string' },
  );
export type RegisterCorporateBody = z.input<typeof registerCorporateBodySchema>;

const codeSchema = z
  .string({ message: 'auth.code_required' })
  .trim()
  .min(1, 'auth.code_required')
  .regex(/^\d{6}$/, 'auth.code_digits');

export const verifyEmailBodySchema = z.object({ email: emailSchema, token: codeSchema });
export const emailOnlyBodySchema = z.object({ email: emailSchema });
/** The e-mail's local part is refused here; the name is the server's to check (it knows it). */
export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    token: codeSchema,
    newPassword: resetPassword,
  })
  .superRefine(
    notPersonal<{ newPassword: string; email: string }>('newPassword', (b) => b.newPassword),
    {
      when: ({ value }) => typeof (value as { newPassword?: unknown } | undefined)?.newPassword === 'string',
    },
  );
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
    city: safeText(z.string().trim().max(200)).nullable().optional(),
    address: requiredText('profile.address_required', 300),
    newsletterFrequency: z.enum(NEWSLETTER_FREQUENCIES),
    transactionNotification: z.boolean().optional(),
    latestNewsNotification: z.boolean().optional(),
    companyName: optionalText(200),
    legalForm: z.enum(LEGAL_FORMS).optional(),
    registrationNumber: optionalText(80),
    registeredAddress: optionalText(300),
    companyEmail: emailSchema.optional(),
    companyPhone: optionalText(40),
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
    notPersonal<typeof body>('newPassword', (b) => b.newPassword)(body, ctx);
  });
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/** A second-factor code: 6 digits from the authenticator app (TOTP, RFC 6238) or a recovery code
 * (`xxxxx-xxxxx`); spaces are ignored, case too. Lane 2fa, decision 0118. */
export const secondFactorCode = z
  .string({ message: 'auth.second_factor_code_required' })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'auth.second_factor_code_required')
      .regex(/^(\d{6}|[a-z0-9]{10})$/, 'auth.second_factor_code_format'),
  );

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: 'auth.password_required' })
    .min(1, 'auth.password_required')
    .max(128, 'auth.password_too_long'),
  rememberMe: z.boolean().optional().default(false),
  /** With a second factor on: the 6-digit code of the authenticator app, or one recovery code. */
  code: secondFactorCode.optional(),
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
  /** The versions of the terms of use and the privacy policy accepted at registration, and when;
   * null for accounts made before consent was asked (and admins made by the CLI). */
  termsVersion: z.string().nullable(),
  privacyVersion: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Whether the account signs in with a second factor (TOTP); admins must have one. */
  secondFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ message: z.string(), email: z.string() });
export const profileUpdateResponseSchema = z.object({ message: z.string(), data: userSchema });
export const loginResponseSchema = z.object({ message: z.string(), user: userSchema });
export const profileResponseSchema = z.object({ data: userSchema });

// Second factor (lane 2fa; API contract, "Admin sign-in and audit")
export const secondFactorSetupResponseSchema = z.object({
  data: z.object({
    /** The `otpauth://totp/...` URL for the QR code. */
    otpauthUrl: z.string(),
    /** The same secret in base32, for typing it into an app by hand. */
    secret: z.string(),
  }),
});
export const secondFactorEnableBodySchema = z.object({
  code: z
    .string({ message: 'auth.second_factor_code_required' })
    .trim()
    .min(1, 'auth.second_factor_code_required')
    .regex(/^\d{6}$/, 'auth.code_digits'),
});
export const secondFactorEnableResponseSchema = z.object({
  message: z.string(),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});
export const secondFactorDisableBodySchema = z.object({
  password: z
    .string({ message: 'auth.password_required' })
    .min(1, 'auth.password_required')
    .max(128, 'auth.password_too_long'),
  code: secondFactorCode,
});
