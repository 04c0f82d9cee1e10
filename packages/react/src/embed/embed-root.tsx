import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { CheckoutConnectionProvider, type CheckoutConnection } from './checkout-connection.tsx';

/**
 * Renders a Kiosk component into an element of a page on another origin, with its own theme, texts
 * and query cache, leaving the host page's styles alone: fonts are inherited, the baseline is scoped
 * to the component. Answers the unmount.
 */
export function renderEmbedded(
  element: Element,
  connection: CheckoutConnection,
  primaryColor: string | undefined,
  children: ReactNode,
): () => void {
  const theme = createTheme({
    palette: { primary: { main: primaryColor ?? '#4338ca' } },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'inherit', button: { textTransform: 'none', fontWeight: 600 } },
  });
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CheckoutConnectionProvider connection={connection}>
          <ScopedCssBaseline sx={{ bgcolor: 'transparent' }}>{children}</ScopedCssBaseline>
        </CheckoutConnectionProvider>
      </ThemeProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
