/**
 * What every module needs, in a module of its own so that modules and plugins never import `app.ts`
 * (which imports them): validated configuration, the database, the mailer and the clock.
 */
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './modules/mailer/service';

export interface AppContext {
  config: Config;
  db: Db;
  pool: pg.Pool;
  mailer: Mailer;
  /** The clock every rule reads (tests move it to expire codes). */
  now: () => Date;
}
