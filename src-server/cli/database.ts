import { join } from 'node:path';
import { ConfigError, type Config } from '../config';
import { createDatabase, runMigrations, type Database } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../embedded-postgres/supervisor';
import { lockDataDir } from '../lib/data-dir-lock';

/**
 * The database a command works on: DATABASE_URL, or the embedded one in DATA_DIR (which must not be
 * in use by a running server: the data-folder lock refuses then). Migrated before it is handed out.
 */
export async function openCliDatabase(
  config: Config,
): Promise<{ database: Database; close(): Promise<void> }> {
  let embedded: EmbeddedPostgres | undefined;
  let release: (() => void) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    release = lockDataDir(config.dataDir);
    try {
      embedded = await startEmbeddedPostgres({ dir: join(config.dataDir, 'pg'), database: 'platform' });
    } catch (error) {
      release();
      throw error;
    }
    url = embedded.url;
  }
  const database = createDatabase(url);
  const close = async () => {
    await database.close();
    await embedded?.stop();
    release?.();
  };
  try {
    await runMigrations(database);
  } catch (error) {
    await close();
    throw error;
  }
  return { database, close };
}

/** Runs a command to its exit code: 0 done, 1 failed (with the reason), 2 wrong arguments. */
export function runCli(run: () => Promise<number>, failure: string): void {
  run().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error instanceof ConfigError ? error.message : `${failure}: ${error.message}`);
      process.exit(1);
    },
  );
}
