import { DEMO_LINK_MARK, findDemoLinks, type DemoLink } from './demo-store.ts';
import { listAll, type ApiCall } from './in-process.ts';

/**
 * Bitcoin in the demo (issue 26): a test-mode Bitcoin method reading the local regtest stand-in that
 * `kiosk serve --demo` starts (apps/cli/src/demo-bitcoin.ts, docs/bitcoin-standin.md), and a link sold
 * in Bitcoin, KDT or, where the demo has cards, US dollars. The stand-in keeps no chain across starts
 * and may listen elsewhere each time: every start points the method at this start's.
 */

export const DEMO_BITCOIN_LINK = 'Kiosk hoodie';

/**
 * The demo merchant's BIP84 account key: the stand-in's `TestWallet.fromSeed(DEMO_BITCOIN_SEED)`
 * (demo.test.ts checks). A vpub reads only on testnet and regtest, and its seed is this public text:
 * the wallet can never hold money worth anything.
 */
export const DEMO_BITCOIN_SEED = 'kiosk demo merchant';
export const DEMO_BITCOIN_XPUB =
  'vpub5Y9TMmzcXwiNHk8ddNLZ3ZbFkodjSX4rR4wpCCmAQKWX5v5ZwDasgUevbPLhFLaXsnkUX2UDAcC34eG4SxZnVgSHgwyLSGKMJaT1qcbJqJ3';

/** With the stand-in's block every ten seconds, the page shows the count rise before it is paid. */
export const DEMO_BITCOIN_CONFIRMATIONS = 2;

/** The hoodie's price: 0.0004 BTC in satoshis, or 40 KDT, or 40 US dollars. */
export const DEMO_HOODIE_SATS = 40_000n;
const HOODIE_KDT = '40000000';
const HOODIE_USD = '4000';

export type DemoBitcoin =
  | { outcome: 'ready'; link: DemoLink; esploraUrl: string }
  /** `kiosk seed --demo`, or a server started without the stand-in: no Bitcoin method is made. */
  | { outcome: 'no_standin' };

interface Method {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  payment_currencies: { id: string; symbol: string }[];
}

/** The demo's Bitcoin method: its id and its BTC currency. */
export interface DemoBitcoinMethod {
  id: string;
  btc: string;
  esploraUrl: string;
}

const made = async (call: ApiCall, method: 'POST' | 'PUT', url: string, payload: object) => {
  const { status, body } = await call(method, url, payload);
  if (status >= 300) throw new Error(`demo bitcoin: ${url} answered ${status} ${JSON.stringify(body)}`);
  return body;
};

/**
 * The Bitcoin method receiving into the demo merchant's wallet, made where missing and pointed at this
 * start's stand-in; none without a stand-in. A Bitcoin method of another key is the merchant's own and
 * left alone.
 */
export async function ensureDemoBitcoinMethod(
  call: ApiCall,
  standin: { esploraUrl: string } | undefined,
): Promise<DemoBitcoinMethod | undefined> {
  if (!standin) return undefined;
  const { esploraUrl } = standin;
  const methods = await listAll<Method>(call, '/api/payment-methods');
  const existing = methods.find((m) => m.type === 'bitcoin' && m.settings.xpub === DEMO_BITCOIN_XPUB);
  const method =
    existing ??
    ((await made(call, 'POST', '/api/payment-methods', {
      type: 'bitcoin',
      name: 'Bitcoin (regtest)',
      description: 'A local regtest chain on this machine: its coins are worth nothing',
      settings: {
        network: 'regtest',
        xpub: DEMO_BITCOIN_XPUB,
        esplora_url: esploraUrl,
        confirmation: DEMO_BITCOIN_CONFIRMATIONS,
      },
      currencies: [{ name: 'Bitcoin', symbol: 'BTC', decimal: 8, maximum_precision: 8 }],
    })) as Method);
  if (existing && existing.settings.esplora_url !== esploraUrl)
    await made(call, 'PUT', `/api/payment-methods/${existing.id}`, {
      settings: { ...existing.settings, esplora_url: esploraUrl },
    });
  return { id: method.id, btc: method.payment_currencies.find((c) => c.symbol === 'BTC')!.id, esploraUrl };
}

/** The hoodie's link, sold in Bitcoin, KDT and (with cards) US dollars, made where missing. */
export async function ensureDemoBitcoin(
  call: ApiCall,
  bitcoin: DemoBitcoinMethod | undefined,
  usd: string | undefined,
): Promise<DemoBitcoin> {
  if (!bitcoin) return { outcome: 'no_standin' };
  const ready = (link: DemoLink): DemoBitcoin => ({ outcome: 'ready', link, esploraUrl: bitcoin.esploraUrl });
  const [existing] = await findDemoLinks(call, [DEMO_BITCOIN_LINK]);
  if (existing) return ready(existing);
  const methods = await listAll<Method>(call, '/api/payment-methods');
  const kdt = methods
    .flatMap((m) => (m.type === 'evm' ? m.payment_currencies : []))
    .find((c) => c.symbol === 'KDT');
  const hoodie = await made(call, 'POST', '/api/products', {
    name: DEMO_BITCOIN_LINK,
    description: 'Warm, with the Kiosk logo: pay in Bitcoin, from a wallet or by card',
    prices: [
      {
        currency_id: bitcoin.btc,
        unit_amount: DEMO_HOODIE_SATS.toString(),
        currency_options: [
          ...(kdt ? [{ currency_id: kdt.id, unit_amount: HOODIE_KDT }] : []),
          ...(usd ? [{ currency_id: usd, unit_amount: HOODIE_USD }] : []),
        ],
      },
    ],
  });
  const link = await made(call, 'POST', '/api/payment-links', {
    name: DEMO_BITCOIN_LINK,
    line_items: [{ price_id: hoodie.prices[0].id, quantity: 1 }],
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: `Thank you for buying: ${DEMO_BITCOIN_LINK}` },
    },
    metadata: { [DEMO_LINK_MARK]: true },
  });
  return ready({ name: DEMO_BITCOIN_LINK, id: link.id, url: link.url });
}
