import { createKioskClient } from '@kiosk/sdk';
import { appI18n, currentLocale } from '../i18n.ts';
import { getAuthToken } from './auth-token.ts';
import { getLivemode } from './livemode.ts';

/** The web app's client: same origin, the app's language and mode, the authToken of the address. */
export const kioskClient = createKioskClient({
  params: () => ({ locale: currentLocale(appI18n), livemode: getLivemode(), authToken: getAuthToken() }),
});
