// Runs shell commands side by side and fails when any of them fails: `npm test` uses it for the
// checks that each use one core (tsc, eslint, prettier) and to run the jsdom tests beside the
// browser journeys, which mostly wait on pages. Each line of output carries its command's name.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs "command one" "command two" ...');
  process.exit(2);
}

const prefixLines = (name, stream, out) => {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`[${name}] ${rest}\n`);
  });
};

const started = Date.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const name = command.replace(/^npm run (-s )?/, '');
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        prefixLines(name, child.stdout, process.stdout);
        prefixLines(name, child.stderr, process.stderr);
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(
            `[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} after ${seconds} s`,
          );
          resolve({ command, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) {
  console.error(`failed: ${failed.map((r) => r.command).join(', ')}`);
  process.exit(1);
}
