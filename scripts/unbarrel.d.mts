import type { Plugin } from 'vite';

/** Imports through the barrels of react-admin, ra-core, ra-ui-materialui, @mui/material, @mui/system and react-i18next become
 * imports of the defining modules (the web build only). */
export function unbarrel(options: { root: string }): Plugin;
