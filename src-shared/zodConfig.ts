import { config } from 'zod';

/**
 * Imported first by both web entries (src-public/main.tsx, src-backoffice/main.tsx). Zod compiles an
 * object schema's parser with `new Function` unless told not to, and probes whether it may with a
 * `new Function('')` inside try/catch; under our Content Security Policy (no 'unsafe-eval') Chromium
 * reports that probe as a CSP violation even though zod catches it (seen on /statistics, issue 30,
 * decision 0183). `jitless` skips both: the interpreted parser is used, the probe never runs.
 * The server keeps zod's compiled parsers (no CSP applies there).
 */
config({ jitless: true });
