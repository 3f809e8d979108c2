import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR for this process (a `server.pid` file created exclusively). A second server on the
 * same folder refuses to start instead of sharing or corrupting the embedded database; a lock left
 * by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.pid');
  // The pid is written to a file of our own first and then linked into place: link() fails when
  // server.pid exists, so the lock appears whole, never empty (a reader would take an empty one
  // for stale).
  const mine = join(dataDir, `.server.pid.${process.pid}`);
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o644 });
  try {
    return takeLock(dataDir, file, mine);
  } finally {
    rmSync(mine, { force: true });
  }
}

function takeLock(dataDir: string, file: string, mine: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(mine, file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `Another server (pid ${pid}) is already using the data folder ${dataDir}. ` +
            'Stop it first, or start this one with another DATA_DIR (or a DATABASE_URL).',
        );
      }
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
