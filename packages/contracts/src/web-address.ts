/**
 * The one rule for an address a browser is sent to or offered as a link (where a buyer goes after
 * paying or cancelling, a donation's reference, a beneficiary's page, a webhook's receiver), as a
 * plain check: the contracts build their schemas on it, and a page checks its form with it before
 * sending (browser bundles carry no schema library). Only http(s) with a host: a `javascript:` or
 * `data:` address would run on, or stand in for, the page that follows it.
 */
export const WEB_ADDRESS_MAX = 2048;

export function isWebAddress(value: string): boolean {
  if (value.length > WEB_ADDRESS_MAX || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}
