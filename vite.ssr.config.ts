import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The public pages' server render for Node (decision 0220): `npm run build:web` runs it after the
 * browser build (scripts/build-web.mjs). npm packages stay imports of node_modules (Vite's SSR
 * default); only the site's own code is bundled, into dist/server-web/entry-server.mjs.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'src-public/entry-server.tsx',
    outDir: 'dist/server-web',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
  },
});
