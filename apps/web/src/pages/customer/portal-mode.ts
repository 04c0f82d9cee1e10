import { useSearchParams } from 'react-router';
import { useLivemode } from '../../hooks/use-livemode.ts';

/**
 * The mode a portal page reads its data in. A buyer never switches modes, so a test checkout's success
 * screen links with `?livemode=false`; that wins over the app's own mode, and the portal's links pass it on.
 */
export function usePortalLivemode(): boolean {
  const [params] = useSearchParams();
  const appLivemode = useLivemode();
  const asked = params.get('livemode');
  return asked === 'false' ? false : asked === 'true' ? true : appLivemode;
}

/** A portal address in `livemode`: test data is asked for in test mode whatever the app's own mode. */
export function portalPath(path: string, livemode: boolean): string {
  return livemode ? path : `${path}?livemode=false`;
}

/**
 * The portal's `path` in `livemode` when the buyer picks a mode: the app's own mode needs no query,
 * the other one names it (`?livemode=false`, or `true` for an app switched to test mode).
 */
export function portalModePath(path: string, livemode: boolean, appLivemode: boolean): string {
  return livemode === appLivemode ? path : `${path}?livemode=${livemode}`;
}

/**
 * An invoice's page in `livemode`. With `action`, an uncollectible invoice's link carries it (seed 001
 * §2: `?action=` is added when the status is uncollectible and an action is given): `pay` takes the
 * customer straight to paying it.
 */
export function invoicePath(
  invoice: { id: string; status: string },
  livemode: boolean,
  action?: InvoiceAction,
): string {
  const query = new URLSearchParams();
  if (action && invoice.status === 'uncollectible') query.set('action', action);
  if (!livemode) query.set('livemode', 'false');
  const search = query.toString();
  return `/customer/invoice/${invoice.id}${search ? `?${search}` : ''}`;
}

/** What an invoice link may ask its page to do at once. */
export type InvoiceAction = 'pay';
