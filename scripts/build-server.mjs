// Bundles the server and its command-line tools into dist/server (packages stay external).
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src-server/server.ts',
    'create-admin': 'src-server/cli/create-admin.ts',
  },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
