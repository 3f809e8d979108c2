import type { Plugin } from 'vite';

/** Leaves MUI's CSS-variables theme code (never called by our themes) out of the web build. */
export function muiWithoutCssVariables(): Plugin;
