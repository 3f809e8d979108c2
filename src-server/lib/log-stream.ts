import pino from 'pino';

/**
 * The server's log destination: the lines logged during one turn of the event loop are written
 * together, synchronously, once the turn's work is done (setImmediate), to stdout. A busy server
 * thus makes one write system call for many access lines instead of one each, while every write
 * stays synchronous: nothing is in flight on another thread when the process exits, and whatever
 * is still pending is written at `exit` (a fatal line followed by process.exit is not lost).
 */
export function batchedDestination(
  out: { write(chunk: string): unknown; flushSync?(): void } = pino.destination({ dest: 1, sync: true }),
): { write(line: string): boolean; flush(): void } {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    out.write(chunk);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
    flush,
  };
}
