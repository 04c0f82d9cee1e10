import { createTheme } from '@mui/material/styles';

const PRIMARY = '#4338ca';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: '#0f766e' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 10 },
  typography: {
    // System fonts, with the common Chinese faces, so zh text renders well without a font download.
    fontFamily: [
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      '"PingFang SC"',
      '"Noto Sans SC"',
      '"Microsoft YaHei"',
      'sans-serif',
    ].join(','),
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // The page is the browser's from its first render (the server-drawn checkout is taken over, not
    // hydrated): media queries answer at once, not after a first render at the default.
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiCssBaseline: {
      styleOverrides: {
        // A visible focus ring for keyboard users on every control, beyond MUI's ripple.
        '*:focus-visible': { outline: `3px solid ${PRIMARY}`, outlineOffset: '2px' },
        // Text fields already show focus through their border.
        'input:focus-visible, textarea:focus-visible': { outline: 'none' },
      },
    },
  },
});

/** For identifiers a reader compares character by character: DIDs, key prefixes, secrets. */
export const MONOSPACE_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
