import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, type Config } from '../../config';

/**
 * Identity documents at rest: AES-256-GCM with a random 96-bit nonce per file. Layout on disk:
 * "KYC1" | nonce (12 bytes) | tag (16 bytes) | ciphertext. The tag makes any change to the
 * stored bytes (or a wrong key) fail to decrypt instead of yielding garbage.
 */
const MAGIC = Buffer.from('KYC1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function encryptDocument(key: Buffer, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, cipher.getAuthTag(), body]);
}

export function decryptDocument(key: Buffer, stored: Buffer): Buffer {
  if (stored.length < MAGIC.length + NONCE_BYTES + TAG_BYTES || !stored.subarray(0, 4).equals(MAGIC))
    throw new Error('not an encrypted identity document');
  const nonce = stored.subarray(4, 4 + NONCE_BYTES);
  const tag = stored.subarray(4 + NONCE_BYTES, 4 + NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(4 + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

export const KEY_FILE = 'kyc-encryption.key';

/**
 * The documents' key: KYC_ENCRYPTION_KEY when set; otherwise, with the embedded database, the
 * key in DATA_DIR (made on first start, readable by the owner only). With an external database
 * several servers may share the documents, so the key must be configured explicitly.
 */
export function resolveKycKey(config: Config): Buffer {
  if (config.kycEncryptionKey) return config.kycEncryptionKey;
  if (config.databaseUrl)
    throw new ConfigError(
      'Invalid configuration:\n- KYC_ENCRYPTION_KEY is required when DATABASE_URL is set (32 bytes as 64 hex digits or base64; e.g. `openssl rand -hex 32`). Every server instance needs the same key to read identity documents.',
    );
  const file = join(config.dataDir, KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new ConfigError(`${file} does not hold a 32-byte key (64 hex digits)`);
    return key;
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
