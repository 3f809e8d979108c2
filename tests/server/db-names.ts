/** Database names used by the server tests: one template per run, one clone per test file. */
export interface TestDbInfo {
  /** A connection string to the server's maintenance database (`postgres`). */
  adminUrl: string;
  /** The migrated template database cloned for each test file. */
  template: string;
  /** Prefix of every database this run creates (dropped at the end of the run). */
  prefix: string;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}
