/**
 * Imported first by both web entries (src-public/main.tsx, src-backoffice/main.tsx). Zod compiles an
 * object schema's parser with `new Function` unless told not to, and probes whether it may with a
 * `new Function('')` inside try/catch; under our Content Security Policy (no 'unsafe-eval') Chromium
 * reports that probe as a CSP violation even though zod catches it (seen on /statistics, issue 30,
 * decision 0183). `jitless` skips both: the interpreted parser is used, the probe never runs.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig` and adopts an object already there
 * (zod/v4/core/core.js), so it is set here without importing zod: `import { config } from 'zod'`
 * would pull all of zod (about 29 KiB gzip) into each entry's first load, where only lazy screens
 * need it. Merged into an existing object, so it holds whether zod loaded before or after.
 * tests/shared/zodJitless.test.ts proves zod then constructs no Function. The server keeps zod's
 * compiled parsers (no CSP applies there).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
