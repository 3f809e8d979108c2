import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault scripts (`npm run test:faults`, which builds the server first and prints a summary of
 * the figures): one file at a time, each against the production server in a process of its own.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
