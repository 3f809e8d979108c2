/** `npm run api:types`: writes src-shared/api/schema.d.ts from the server's OpenAPI document. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiTypes } from '../openapi/document';

const target = join(import.meta.dirname, '../../src-shared/api/schema.d.ts');
writeFileSync(target, await generateApiTypes());
process.stdout.write(`wrote ${target}\n`);
