import { createTheme } from '@mui/material/styles';

/** One MUI theme for both entries. Colours meet WCAG AA contrast on white. */
export const palette = {
  primary: '#0b6e4f',
  primaryDark: '#084c37',
  secondary: '#b35c00',
  funded: '#2e7d32',
  remaining: '#bdbdbd',
  banner: '#fff4e5',
};

export const theme = createTheme({
  palette: {
    primary: { main: palette.primary, dark: palette.primaryDark, contrastText: '#ffffff' },
    secondary: { main: palette.secondary, contrastText: '#ffffff' },
    success: { main: palette.funded },
    // MUI's default orange (#ed6c02) is 3:1 on white: small warning text (a late loan's chip) needs AA.
    warning: { main: palette.secondary, contrastText: '#ffffff' },
    background: { default: '#f7f8f6', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

/** The back office's dark mode (react-admin's light/dark toggle): the same brand, lighter accents so
 * text and links keep AA contrast on the dark background. */
export const darkTheme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#5fd3a4', dark: palette.primary, contrastText: '#000000' },
    secondary: { main: '#ffb86b', contrastText: '#000000' },
    success: { main: '#7bd88f' },
    warning: { main: '#ffb86b', contrastText: '#000000' },
  },
  shape: theme.shape,
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
