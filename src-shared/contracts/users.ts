/**
 * Users (admin): the list of every account, one account, and the two things an admin changes on it
 * (API contract, "Users and mails"). Validation messages are error codes (src-shared/errors.ts).
 */
import { z } from 'zod';
import { KYC_STATUSES, ROLES } from '../constants/enums';
import { choiceFilter, paginationQuery, paginationSchema, searchFilter } from './common';

/** The columns GET /api/users sorts by (`sortBy`); anything else reads as `createdAt`. */
export const USER_SORT_FIELDS = ['createdAt', 'lastLoginAt', 'email', 'lastName', 'role'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** A person as the back office sees them: never the password hash, a token or a code. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  countryName: z.string(),
  city: z.string().nullable(),
  address: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  /** The e-mail address was confirmed with its code. */
  emailVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  companyName: z.string().nullable(),
  legalForm: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Euros; 0 for a person without an account (admins). */
  balance: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListQuerySchema = z.object({
  role: choiceFilter('user.filter_role', ROLES),
  isActive: choiceFilter('user.filter_is_active', ['true', 'false'] as const),
  /** Identity verification status (issue 30): what admins check most. */
  kycStatus: choiceFilter('user.filter_kyc_status', KYC_STATUSES),
  /** Name, e-mail or company name, case-insensitive "contains". */
  search: searchFilter(),
  sortBy: z.enum(USER_SORT_FIELDS).catch('createdAt').default('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  ...paginationQuery(10),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** GET /api/users answers its rows under `users` (API contract), not `data`. */
export const userListSchema = z.object({ users: z.array(adminUserSchema), pagination: paginationSchema });
export const userAnswerSchema = z.object({ data: adminUserSchema });
export const userUpdatedSchema = z.object({ message: z.string(), data: adminUserSchema });

/** PATCH /api/users/{id}: `isActive`, `role` or both (at least one). */
export const userUpdateBodySchema = z
  .object({
    isActive: z.boolean({ error: 'user.is_active_not_boolean' }).optional(),
    role: z.enum(ROLES, { error: 'user.role_invalid' }).optional(),
  })
  .refine((body) => body.isActive !== undefined || body.role !== undefined, {
    message: 'user.nothing_to_update',
  });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;
