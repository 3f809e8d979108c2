import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateApiTypes } from '../../src-server/openapi/document';

// The clients' types come from the server's OpenAPI document; a route changed without
// `npm run api:types` leaves them stale, and then this test fails.
it('src-shared/api/schema.d.ts is what the server produces (run `npm run api:types`)', async () => {
  const committed = readFileSync(join(import.meta.dirname, '../../src-shared/api/schema.d.ts'), 'utf8');
  const fresh = await generateApiTypes();
  expect(committed === fresh, 'src-shared/api/schema.d.ts is stale: run `npm run api:types`').toBe(true);
});
