import { createKioskClient, type ApiRequestInit } from '@kiosk/react';
import { appI18n, currentLocale } from '../i18n.ts';
import { getAuthToken } from './auth-token.ts';
import { getLivemode } from './livemode.ts';

export { ApiError, type ApiErrorDetail, type ApiRequestInit } from '@kiosk/react';

/** The web app's client: same origin, the app's language and mode, the authToken of the address. */
export const kioskClient = createKioskClient({
  params: () => ({ locale: currentLocale(appI18n), livemode: getLivemode(), authToken: getAuthToken() }),
});

export function apiFetch<T>(path: string, init?: ApiRequestInit): Promise<T> {
  return kioskClient.request<T>(path, init);
}
