/**
 * Query keys of the investor's own data, shared by the screens that show it and the invest dialog,
 * which invalidates them after an investment (no page reload).
 */

/** Every list of the investor's investments (GET /api/investments/my-investments). */
export const INVESTMENTS_QUERY_KEY = ['investments'] as const;
export const MY_INVESTMENTS_QUERY_KEY = ['investments', 'mine'] as const;

/** The identity verification status the invest dialog checks (GET /api/kyc/my-verification). Under
 * ['kyc', 'mine'], so invalidating the verification page's query refreshes it too. */
export const KYC_STATUS_QUERY_KEY = ['kyc', 'mine', 'status'] as const;
