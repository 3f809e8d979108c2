/**
 * The heavy half of a server start (Fastify and its plugins, Drizzle, pg-boss, the mailer, the demo
 * seed), loaded by main.ts with a dynamic import once it has set PostgreSQL starting, so that loading
 * these modules and PostgreSQL's own start happen side by side.
 */
export { buildApp } from './app';
export { connectPatiently, createDatabase, runMigrations, STARTUP_WAIT_MS } from './db/client';
export { DEMO_PASSWORD, isEmpty, predrawDemoPictures } from './seed/demo';
export { demoLoginLines, demoTimelineLine, seedDemoData } from './seed/run';
export { scheduleRecurringJobs } from './jobs';
export { Mailer } from './modules/mailer/service';
export { Jobs } from './plugins/jobs';
export { fileStorage } from './lib/storage';
