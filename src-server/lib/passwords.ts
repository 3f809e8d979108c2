import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1). */
const OPTIONS = {
  algorithm: 2 /* Argon2id (a const enum in the typings) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the account does not exist, so that a login takes the same time either way.
// A fixed hash with the same parameters (of a password nobody uses): computing it at the first
// unknown login would make that one answer slower.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$426/kVkQBbSyrTS6xJUpOQ$Y4YPdYm05yV741/Tk5Xzyk24RfHrWz7WKH5fPxRwxe8';

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
