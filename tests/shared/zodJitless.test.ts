/**
 * Issue 30, item 15: /statistics logged a CSP violation (`script-src eval`) because zod probes
 * `new Function('')` and compiles object parsers with `new Function`. The web entries' zod
 * configuration must keep zod from constructing a Function at all (decision 0183).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('zod in the web entries', () => {
  it('parses the statistics and venture contracts without constructing a Function', async () => {
    const constructed: unknown[][] = [];
    const RealFunction = globalThis.Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args: unknown[]) {
          constructed.push(args);
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    await import('../../src-shared/zodConfig');
    const { z } = await import('zod');
    const schema = z.object({ id: z.string(), amount: z.number(), nested: z.object({ ok: z.boolean() }) });
    for (let i = 0; i < 3; i++) schema.parse({ id: 'a', amount: 1, nested: { ok: true } });
    const { publicVentureListQuerySchema } = await import('../../src-shared/contracts/ventures');
    publicVentureListQuerySchema.parse({});
    expect(constructed).toEqual([]);
  });
});
