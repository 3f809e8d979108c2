import type pg from 'pg';

/** Whether the database answers `SELECT 1` within two seconds; a broken connection leaves the pool. */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  try {
    const client = await pool.connect();
    try {
      await client.query({ text: 'SELECT 1', query_timeout: 2_000 } as never);
      client.release();
    } catch (error) {
      client.release(true); // a broken connection leaves the pool instead of going back to it
      throw error;
    }
    return true;
  } catch {
    return false;
  }
}
