/** The react-query keys of the company's payments screens (the funding page and the profile). */
export const bankAccountKey = ['corporate', 'bank-account'] as const;
export const depositInstructionsKey = ['corporate', 'deposit-instructions'] as const;
export const myBalanceKey = ['corporate', 'my-balance'] as const;

/** One key per withdrawal request: a second click, or a retry after a lost answer, withdraws once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
