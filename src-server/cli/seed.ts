/**
 * `npm run seed`: fills an empty database with the demo data that `npm start` creates on a new
 * embedded database (for a database started with SEED_DEMO=false, or a DATABASE_URL one such as a
 * staging server). A database with any account in it is refused: demo data never mixes with real.
 */
import { loadConfig } from '../config';
import { isEmpty } from '../seed/demo';
import { demoLoginLines, demoTimelineLine, seedDemoData } from '../seed/run';
import { resolveKycKey } from '../modules/kyc/crypto';
import { openCliDatabase, runCli } from './database';

async function run(): Promise<number> {
  if (process.argv.length > 2) {
    console.error(`Unknown argument ${process.argv[2]}.\nUsage: npm run seed`);
    return 2;
  }
  const config = loadConfig();
  const kycKey = resolveKycKey(config);
  const { database, close } = await openCliDatabase(config);
  try {
    if (!(await isEmpty(database.db))) {
      console.error(
        'The database already has accounts: demo data goes only into an empty database. Nothing was changed.',
      );
      return 1;
    }
    const started = performance.now();
    const seeded = await seedDemoData(database, { kycKey, config });
    console.log(`Demo data created. Demo logins:\n${demoLoginLines(seeded.logins).join('\n')}`);
    console.log(
      `The seed took ${((performance.now() - started) / 1000).toFixed(1)} s (${demoTimelineLine(seeded)}).`,
    );
    return 0;
  } finally {
    await close();
  }
}

runCli(run, 'Could not seed');
