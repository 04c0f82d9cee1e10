import { createKioskClient } from '@kiosk/sdk';
import { appI18n, currentLocale } from '../i18n.ts';
import { getAuthToken } from './auth-token.ts';
import { getLivemode } from './livemode.ts';

/**
 * The web app's client: same origin, the app's language and mode, the authToken of the address.
 * Where the checkout is drawn on the server this module is loaded but its client never used: that
 * page has a client for the server's address (checkout-server.tsx), and asks nothing.
 */
export const kioskClient =
  typeof window === 'undefined'
    ? createKioskClient({ baseUrl: 'http://server.invalid' })
    : createKioskClient({
        params: () => ({
          locale: currentLocale(appI18n),
          livemode: getLivemode(),
          authToken: getAuthToken(),
        }),
      });
