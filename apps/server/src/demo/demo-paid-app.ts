import type { ApiCall } from './in-process.ts';
import { demoAppDid } from './demo-apps.ts';

/** The demo's paid app: Pixel Paint, 2 KDT once, so a newcomer can buy an app with the test wallet. */
export const DEMO_PAID_APP = 'pixel-paint';
const DEMO_APP_PRICE = '2000000'; // 2 KDT (6 decimals)

export type DemoPaidApp = { outcome: 'ready'; url: string } | { outcome: 'skipped'; reason: string };

/**
 * Sells the paid demo app in test mode, where the demo store's KDT is: the store's sales setting moves
 * to test mode (the demo is a test store) and the app gets its price, both as the owner would from
 * the console. Pricing it again as it is changes nothing, so each start may run this.
 */
export async function ensureDemoPaidApp(
  owner: { call: ApiCall; isOwner: boolean },
  merchant: ApiCall,
  baseUrl: string,
): Promise<DemoPaidApp> {
  if (!owner.isOwner) return { outcome: 'skipped', reason: 'the demo owner does not own this instance' };
  const settings = await owner.call('GET', '/api/console/store-settings');
  if (settings.body?.sales_livemode !== false) {
    const changed = await owner.call('PUT', '/api/console/store-settings', { sales_livemode: false });
    if (changed.status !== 200)
      throw new Error(
        `demo paid app: store settings answered ${changed.status} ${JSON.stringify(changed.body)}`,
      );
  }
  const methods = (await merchant('GET', '/api/payment-methods?livemode=false')).body?.list ?? [];
  const kdt = methods
    .flatMap((method: { payment_currencies: { id: string; symbol: string }[] }) => method.payment_currencies)
    .find((currency: { symbol: string }) => currency.symbol === 'KDT');
  if (!kdt) return { outcome: 'skipped', reason: 'the demo store has no KDT' };
  const did = demoAppDid(DEMO_PAID_APP);
  const priced = await owner.call('PUT', `/api/developer/apps/${did}/pricing`, {
    type: 'one_time',
    prices: [{ currency_id: kdt.id, unit_amount: DEMO_APP_PRICE }],
  });
  if (priced.status !== 200)
    throw new Error(`demo paid app: pricing answered ${priced.status} ${JSON.stringify(priced.body)}`);
  return { outcome: 'ready', url: `${baseUrl}/apps/${did}` };
}

/**
 * Donations on the demo store's app pages (issue 24 item 7): on, with seed 001's default amounts, as
 * an owner enables them from an app page, and taken by each demo app, as its developer (the owner)
 * turns them on in the developer console. Only when the settings are new: an owner or developer who
 * turned them off keeps them off across starts.
 */
export async function ensureDemoAppDonations(
  developer: ApiCall,
  merchant: ApiCall,
  apps: string[],
): Promise<void> {
  const made = await merchant('POST', '/api/settings', {
    type: 'donate',
    mountLocation: 'store-app-page',
    description: 'App pages',
  });
  if (made.status === 200) return;
  if (made.status !== 201)
    throw new Error(`demo donations: settings answered ${made.status} ${JSON.stringify(made.body)}`);
  const enabled = await merchant('PUT', `/api/settings/${made.body.id}`, { active: true });
  if (enabled.status !== 200)
    throw new Error(`demo donations: enabling answered ${enabled.status} ${JSON.stringify(enabled.body)}`);
  for (const did of apps) {
    const accepted = await developer('PUT', `/api/developer/apps/${did}`, { accepts_donations: true });
    if (accepted.status !== 200)
      throw new Error(`demo donations: ${did} answered ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
}
