import { join } from 'node:path';
import type { Db } from '../db/client';
import { seedDemo, type DemoLogin } from './demo';
import { seedDemoKyc } from './kyc';
import { seedDemoTickets } from './tickets';

/** The whole demo (people, ventures, pictures, money, identity documents, support tickets) for an empty database. */
export async function seedDemoData(
  db: Db,
  options: { dataDir: string; kycKey: Buffer },
): Promise<DemoLogin[]> {
  const logins = await seedDemo(db, { uploadsDir: join(options.dataDir, 'uploads') });
  await seedDemoKyc(db, { privateDir: join(options.dataDir, 'private'), key: options.kycKey });
  await seedDemoTickets(db);
  return logins;
}

/** One line per demo login, for a person at a terminal. */
export function demoLoginLines(logins: DemoLogin[]): string[] {
  return logins.map((l) => `  ${l.role.padEnd(10)} ${l.email.padEnd(28)} ${l.password}   ${l.note}`);
}
