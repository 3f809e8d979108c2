import { afterAll, afterEach, expect } from 'vitest';
import { currentContext, disposeContext } from './context';
import { findInvariantViolations } from './invariants';

// After every server test: the ledger's invariants hold in that file's database.
afterEach(async () => {
  const context = currentContext();
  if (!context) return;
  expect(await findInvariantViolations(context.database.pool)).toEqual([]);
});

afterAll(async () => {
  await disposeContext();
});
