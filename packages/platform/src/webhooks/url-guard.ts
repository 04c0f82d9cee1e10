import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { KioskError } from '@kiosk/core';

/**
 * A webhook must not reach the server's own network (an endpoint at 169.254.169.254 or 10.0.0.5
 * would make Kiosk a proxy into it). A URL is checked when it is saved, and every delivery connects
 * only to an address checked as it resolves, so a name that later points inside is refused too. The
 * operator may allow private addresses (KIOSK_WEBHOOKS_ALLOW_PRIVATE: a receiver on the same host).
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  // IPv4-mapped addresses (::ffff:7f00:1) are checked against the IPv4 rules by BlockList itself.
  ['64:ff9b::', 96], // NAT64: whatever it translates to
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for an address of a private, loopback, link-local or otherwise non-public network. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as DNS takes it (`[::1]` → `::1`). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  const family = isIP(host);
  if (family) return Promise.resolve([{ address: host, family }]);
  return new Promise((resolve, reject) =>
    lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/** Refuses (4xx, coded) a webhook URL with credentials, an unresolvable host or a private address. */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(text);
  if (url.username || url.password) throw new KioskError('WEBHOOK_URL_CREDENTIALS', { status: 400 });
  if (allowPrivate) return;
  const host = hostOf(url);
  const addresses = await resolveAll(host).catch(() => {
    throw new KioskError('WEBHOOK_URL_UNRESOLVABLE', { status: 400, params: { host } });
  });
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  if (inside)
    throw new KioskError('WEBHOOK_URL_PRIVATE', { status: 400, params: { address: inside.address } });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that answers only public addresses (or refuses the connection), so
 * the address checked is the address connected to.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (host: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    lookup(host, { family: options.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const inside = addresses.find((a) => isPrivateAddress(a.address));
      if (inside && !allowPrivate) {
        const refused: NodeJS.ErrnoException = new Error(`WEBHOOK_URL_PRIVATE ${inside.address}`);
        refused.code = 'WEBHOOK_URL_PRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The same check for a URL whose host is an IP literal (no lookup happens for those). */
export function literalRefusal(text: string, allowPrivate: boolean): string | undefined {
  const host = hostOf(new URL(text));
  return !allowPrivate && isIP(host) && isPrivateAddress(host) ? host : undefined;
}
