import type { Config } from '../config';
import type { Database } from '../db/client';
import { fileStorage } from '../lib/storage';
import { seedDemo, type DemoLogin, type DemoSeed } from './demo';
import { seedDemoKyc } from './kyc';
import { seedDemoTickets } from './tickets';

/** The whole demo (people, ventures, pictures, money, identity documents, support tickets) for an empty database. */
export async function seedDemoData(
  database: Pick<Database, 'db' | 'pool'>,
  options: { kycKey: Buffer; config: Config },
): Promise<DemoSeed> {
  // The configured file storage: DATA_DIR, or the bucket of STORAGE_URL (lib/storage).
  const storage = fileStorage(options.config);
  const seeded = await seedDemo(database, { storage, config: options.config });
  await seedDemoKyc(database.db, { storage, key: options.kycKey });
  await seedDemoTickets(database.db);
  return seeded;
}

/** The seed's loan timeline in one line, for the log and the terminal. */
export function demoTimelineLine(seeded: DemoSeed): string {
  const { loans, daysClosed, ms } = seeded.timeline;
  return `${loans} demo loans serviced over ${daysClosed} business days in ${(ms / 1000).toFixed(1)} s`;
}

/** One line per demo login, for a person at a terminal. */
export function demoLoginLines(logins: DemoLogin[]): string[] {
  return logins.map((l) => `  ${l.role.padEnd(10)} ${l.email.padEnd(28)} ${l.password}   ${l.note}`);
}
