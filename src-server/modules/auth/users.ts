import type { User } from '../../../src-shared/contracts/auth';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The API's view of a user (spec 3): never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    countryName: row.countryName,
    city: row.city,
    address: row.address,
    newsletterFrequency: row.newsletterFrequency,
    transactionNotification: row.transactionNotification,
    latestNewsNotification: row.latestNewsNotification,
    role: row.role,
    isActive: row.isActive,
    kycStatus: row.kycStatus,
    companyName: row.companyName,
    legalForm: row.legalForm,
    registrationNumber: row.registrationNumber,
    registeredAddress: row.registeredAddress,
    companyEmail: row.companyEmail,
    companyPhone: row.companyPhone,
    pendingEmail: row.pendingEmail,
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    secondFactorEnabled: Boolean(row.totpEnabledAt && row.totpSecret),
  };
}
