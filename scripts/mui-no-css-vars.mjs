// A Vite/rolldown plugin for the web build: leaves MUI's CSS-variables theme code out of the bundle.
//
// Why: `createTheme` and `ThemeProvider` (@mui/material/styles) import the CSS-variables variants
// (`createThemeWithVars`, `CssVarsProvider`, with the color-scheme script, storage manager and
// variable parser of @mui/system) statically, and call them only for a theme made with
// `cssVariables` (createTheme) or `colorSchemes` (ThemeProvider). Our themes (src-shared/theme.ts,
// src-backoffice/components/theme.ts) and react-admin's use neither, so that code never runs: about
// 25 KiB minified, 7 KiB gzip of the public site's first load (decision 0217). The two imports, and
// only from those two modules, resolve to a stub that throws a clear error if it ever is called.
// Tests and the dev server keep the real modules (`apply: 'build'`).

import { basename, dirname, join } from 'node:path';

// A virtual module, named after the file it replaces so that the chunk groups of vite.config.ts
// place it with the MUI modules (else each stub would be a chunk, and a request, of its own).
const STUB = '\0afrivest:mui-no-css-vars:';
const IMPORTER =
  /[\\/]node_modules[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/](?:createTheme|ThemeProvider)\.js$/;
const MESSAGE =
  "MUI's CSS-variables themes are left out of this build (scripts/mui-no-css-vars.mjs, decision 0217): " +
  'a theme with `cssVariables` or `colorSchemes` needs that plugin removed from vite.config.ts.';

/** The stubs, by the specifier createTheme.js and ThemeProvider.js import them with. */
const STUBS = {
  './createThemeWithVars.js': `export default function createThemeWithVars() { throw new Error(${JSON.stringify(MESSAGE)}); }`,
  './ThemeProviderWithVars.js': `export function CssVarsProvider() { throw new Error(${JSON.stringify(MESSAGE)}); }`,
};

export function muiWithoutCssVariables() {
  return {
    name: 'afrivest:mui-no-css-vars',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer the relative imports first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && IMPORTER.test(importer) && Object.hasOwn(STUBS, source))
        return `${STUB}${join(dirname(importer), source)}`;
      return null;
    },
    load(id) {
      if (id.startsWith(STUB)) return STUBS[`./${basename(id)}`];
      return null;
    },
  };
}
