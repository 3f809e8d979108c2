/**
 * What every module needs, in a module of its own so that modules and plugins never import `app.ts`
 * (which imports them): validated configuration, the database, the mailer and the clock.
 */
import type pg from 'pg';
import type { Config } from './config';
import type { BusinessClock } from './lib/business-clock';
import type { Db } from './db/client';
import type { Mailer } from './modules/mailer/service';

export interface AppContext {
  config: Config;
  db: Db;
  pool: pg.Pool;
  mailer: Mailer;
  /** The real clock: sessions, e-mail codes, rate limits, idempotency keys (tests move it to expire codes). */
  now: () => Date;
  /** The business date and time every date rule reads (API contract, "Business date"). */
  clock: BusinessClock;
  /** The serving process's state (main.ts): `draining` once SIGTERM came, so that
   * `GET /api/health/ready` answers 503 and the load balancer stops sending new requests. */
  lifecycle?: { draining: boolean };
}
