import type { KycStatus, NewsletterFrequency, Role } from '../../src-shared/constants/enums';

/** The signed-in user as GET /api/profile/get answers it (spec section 3 "User"; the full shape is
 * `userSchema` of src-shared/contracts/auth.ts). Optional here so a partial answer cannot crash a
 * screen. */
export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  countryName?: string;
  city?: string | null;
  address?: string;
  newsletterFrequency?: NewsletterFrequency;
  transactionNotification?: boolean;
  latestNewsNotification?: boolean;
  role: Role;
  isActive?: boolean;
  kycStatus?: KycStatus;
  companyName?: string | null;
  legalForm?: string | null;
  registrationNumber?: string | null;
  registeredAddress?: string | null;
  companyEmail?: string | null;
  companyPhone?: string | null;
  /** A new e-mail address waiting for the code sent to it; the address changes only then. */
  pendingEmail?: string | null;
  createdAt?: string;
  lastLoginAt?: string | null;
}
