/**
 * `npm run create-admin -- --email E --password P [--superadmin]`: creates (or promotes) a verified
 * admin account, without a second factor (its first sign-in leads through the setup).
 * `npm run create-admin -- --reset-2fa E`: removes the second factor and the recovery codes of that
 * account and ends its sessions (a superadmin who lost the device; docs/operations.md).
 * Uses DATABASE_URL, or the embedded database in DATA_DIR when no server runs on it.
 */
import { fieldErrorOf } from '../lib/http-error';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { emailSchema } from '../../src-shared/contracts/common';
import { loadConfig } from '../config';
import { openCliDatabase, runCli } from './database';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { userAccountId } from '../modules/ledger/service';
import { revokeUserSessions } from '../modules/auth/sessions';
import { clearSecondFactor } from '../modules/auth/second-factor';

const USAGE =
  'Usage: npm run create-admin -- --email E --password P [--superadmin]\n' +
  '       npm run create-admin -- --reset-2fa E';

async function run(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        superadmin: { type: 'boolean', default: false },
        'first-name': { type: 'string', default: 'Platform' },
        'last-name': { type: 'string', default: 'Admin' },
        'reset-2fa': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args['reset-2fa'] !== undefined) return resetSecondFactor(args['reset-2fa']);
  const email = emailSchema.safeParse(args.email ?? '');
  if (!email.success) {
    console.error(`--email: ${fieldErrorOf(email.error.issues[0]?.message).text}\n${USAGE}`);
    return 2;
  }
  const password = args.password ?? '';
  if (password.length < 8 || password.length > 128) {
    console.error(`--password must be 8 to 128 characters long.\n${USAGE}`);
    return 2;
  }
  const role = args.superadmin ? 'superadmin' : 'admin';

  const { database, close } = await openCliDatabase(loadConfig());
  try {
    const passwordHash = await hashPassword(password);
    const now = new Date();
    const [existing] = await database.db.select().from(users).where(eq(users.email, email.data));
    await database.db.transaction(async (tx) => {
      if (existing) {
        await tx
          .update(users)
          .set({
            role,
            passwordHash,
            isActive: true,
            emailVerifiedAt: existing.emailVerifiedAt ?? now,
            updatedAt: now,
          })
          .where(eq(users.id, existing.id));
        await revokeUserSessions(tx, existing.id); // the password changed
      } else {
        const [row] = await tx
          .insert(users)
          .values({
            email: email.data,
            passwordHash,
            firstName: args['first-name'] ?? 'Platform',
            lastName: args['last-name'] ?? 'Admin',
            role,
            emailVerifiedAt: now,
          })
          .returning({ id: users.id });
        await userAccountId(tx, row!.id);
      }
    });
    console.log(`${existing ? 'Promoted' : 'Created'} ${email.data} as ${role}.`);
    return 0;
  } finally {
    await close();
  }
}

/** Clears the account's second factor and recovery codes and revokes its sessions. */
async function resetSecondFactor(address: string): Promise<number> {
  const email = emailSchema.safeParse(address);
  if (!email.success) {
    console.error(`--reset-2fa: ${fieldErrorOf(email.error.issues[0]?.message).text}\n${USAGE}`);
    return 2;
  }
  const { database, close } = await openCliDatabase(loadConfig());
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, email.data));
    if (!user) {
      console.error(`No account with the e-mail ${email.data}.`);
      return 1;
    }
    const now = new Date();
    await database.db.transaction(async (tx) => {
      await clearSecondFactor(tx, user.id, now);
      await revokeUserSessions(tx, user.id, now);
    });
    console.log(
      `Removed the second factor of ${email.data} and ended its sessions. ` +
        (user.role === 'admin' || user.role === 'superadmin'
          ? 'The next sign-in leads through the setup again.'
          : 'The account signs in with the password alone until it sets up a factor again.'),
    );
    return 0;
  } finally {
    await close();
  }
}

runCli(run, 'Could not create the admin');
