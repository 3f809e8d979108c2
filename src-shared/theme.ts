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
