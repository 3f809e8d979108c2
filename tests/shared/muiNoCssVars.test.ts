// The web build's stub for MUI's CSS-variables theme code (scripts/mui-no-css-vars.mjs, decision 0217):
// only createTheme.js's and ThemeProvider.js's imports of the two variants are replaced, the stubs
// throw, and our themes never reach the variants (createTheme without `cssVariables`, no `colorSchemes`
// for ThemeProvider).
import { describe, expect, it } from 'vitest';
import { muiWithoutCssVariables } from '../../scripts/mui-no-css-vars.mjs';
import { theme, darkTheme } from '../../src-shared/theme';
import { backofficeDarkTheme, backofficeTheme } from '../../src-backoffice/components/theme';

const STYLES = '/app/node_modules/@mui/material/esm/styles';

type Hooks = {
  resolveId: (source: string, importer?: string) => string | null;
  load: (id: string) => string | null;
};
const plugin = muiWithoutCssVariables() as unknown as Hooks;

describe('MUI without its CSS-variables code', () => {
  it('replaces the two variants only where createTheme and ThemeProvider import them', () => {
    const fromCreateTheme = plugin.resolveId('./createThemeWithVars.js', `${STYLES}/createTheme.js`);
    const fromProvider = plugin.resolveId('./ThemeProviderWithVars.js', `${STYLES}/ThemeProvider.js`);
    expect(fromCreateTheme).toContain('createThemeWithVars.js');
    expect(fromProvider).toContain('ThemeProviderWithVars.js');
    // The variants' own barrel (extendTheme, CssVarsProvider for whoever asks) keeps the real modules.
    expect(plugin.resolveId('./createThemeWithVars.js', `${STYLES}/index.js`)).toBeNull();
    expect(plugin.resolveId('./createPalette.js', `${STYLES}/createTheme.js`)).toBeNull();
    expect(plugin.load(fromCreateTheme!)).toMatch(/throw new Error/);
    expect(plugin.load(fromProvider!)).toMatch(/export function CssVarsProvider\(\) \{ throw new Error/);
  });

  it('is safe for our themes: none has CSS variables or color schemes', () => {
    for (const each of [theme, darkTheme, backofficeTheme, backofficeDarkTheme]) {
      expect('colorSchemes' in each).toBe(false);
      expect('vars' in each && each.vars).toBeFalsy();
    }
  });
});
