import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once a server started as a child process has logged its Ready line; rejects when it
 * exits first or takes longer than `timeoutMs` (the message carries what it printed so far).
 */
export function untilReady(
  child: ChildProcess,
  exited: Promise<void>,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    const check = () => {
      if (output().includes('"msg":"Ready: ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    check();
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited while starting:\n${output()}`));
    });
  });
}
