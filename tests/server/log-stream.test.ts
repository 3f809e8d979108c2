import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchedDestination } from '../../src-server/lib/log-stream';

/** The server's log destination (src-server/lib/log-stream.ts): lines batched per event-loop turn. */
describe('batchedDestination', () => {
  it('writes the lines of one turn together, in order, after the turn', async () => {
    const writes: string[] = [];
    const stream = batchedDestination({ write: (chunk: string) => writes.push(chunk) });
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what is pending when the process exits at once (a fatal line, then process.exit)', () => {
    const module = join(import.meta.dirname, '../../src-server/lib/log-stream.ts');
    const script = `
      import pino from 'pino';
      import { batchedDestination } from ${JSON.stringify(module)};
      const logger = pino({ level: 'info' }, batchedDestination());
      for (let i = 0; i < 1000; i++) logger.info({ i }, 'request');
      logger.fatal('could not start: the last words');
      process.exit(1);
    `;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1001);
    expect(JSON.parse(lines[1000]!).msg).toBe('could not start: the last words');
  });
});
