import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { CheckoutForm, type CheckoutFormProps } from '../checkout/CheckoutForm.tsx';
import {
  CheckoutConnectionProvider,
  createCheckoutConnection,
  type CheckoutConnectionOptions,
} from './checkout-connection.tsx';

export interface MountCheckoutOptions
  extends Omit<CheckoutFormProps, 'onSessionStarted'>, CheckoutConnectionOptions {
  /** The host's brand colour for buttons and highlights. */
  primaryColor?: string;
}

export interface MountedCheckout {
  /** Hands the form a fresh authToken: later calls carry it, and nothing the buyer entered is lost. */
  setAuthToken(token: string): void;
  unmount(): void;
}

/**
 * Puts Kiosk's checkout into an element of a page on another origin (seed 000 §6: a base URL and an
 * auth token). It brings its own theme, texts and query cache (and in `/embed/checkout.js` its own
 * React), and leaves the host page's styles alone: fonts are inherited, the baseline is scoped to the
 * form.
 */
export function mountCheckout(element: Element, options: MountCheckoutOptions): MountedCheckout {
  const {
    baseUrl,
    authToken,
    onAuthTokenExpired,
    locale,
    primaryColor,
    mode = 'inline',
    ...formProps
  } = options;
  const connection = createCheckoutConnection({ baseUrl, authToken, onAuthTokenExpired, locale });
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
          <ScopedCssBaseline sx={{ bgcolor: 'transparent' }}>
            <CheckoutForm {...formProps} mode={mode} />
          </ScopedCssBaseline>
        </CheckoutConnectionProvider>
      </ThemeProvider>
    </StrictMode>,
  );
  return { setAuthToken: connection.setAuthToken, unmount: () => root.unmount() };
}
