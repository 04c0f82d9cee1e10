import { portalPath } from './portal-mode.ts';

export const PAST_DUE_PATH = '/customer/invoice/past-due';

/**
 * Where the past-due page returns once everything is paid: the `referer` it was opened with when that
 * is an address of this site (a path, or a full URL of this origin), else the portal. Never another
 * origin: a link could otherwise send a customer who just paid to a look-alike site.
 */
export function safeReferer(referer: string | null, origin: string, livemode: boolean): string {
  const fallback = portalPath('/customer', livemode);
  if (!referer) return fallback;
  let url: URL;
  try {
    url = new URL(referer, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.pathname === PAST_DUE_PATH) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The past-due page's address, returning to `from` (this page's path and query) when all is paid. */
export function pastDueHref(from: string, livemode: boolean): string {
  const query = new URLSearchParams({ referer: from });
  if (!livemode) query.set('livemode', 'false');
  return `${PAST_DUE_PATH}?${query.toString()}`;
}
