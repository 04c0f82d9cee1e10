import { removeTempDirs } from '@kiosk/bundle/test-fixtures';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import type { PlatformTables } from '@kiosk/platform';
import { cookieClient, startStoreWorld, testEngines, type StoreWorld } from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTables } from './tables.ts';

afterAll(removeTempDirs);

const ETH = 10n ** 18n;

/**
 * Donations to an app (issue 24 item 7, issue 25 item 2): the store's owners enable and configure
 * the donation settings of app pages (Kiosk Pay's settings calls); while they are on, each app page
 * gets the app's donation, made from them, its developer's 90% a benefit; unchanged, nothing is
 * written again. Through the real server on both engines.
 */
describe.each(await testEngines())('app donations on %s', (engine) => {
  let chain: DevChain;
  let store: StoreWorld<StoreTables>;
  let did: string;
  const visitor = () => cookieClient(store.server.url);
  const donationOf = async (app: string) =>
    visitor().request(`/api/apps/${app}/donation`, { method: 'POST' });

  beforeAll(async () => {
    chain = await startDevChain();
    store = await startStoreWorld<StoreTables>(engine, { env: { LOG_LEVEL: 'error' } });
    const method = await store.owner.request('/api/payment-methods?livemode=false', {
      method: 'POST',
      body: {
        type: 'evm',
        name: 'Local chain',
        settings: {
          chain_id: chain.chainId,
          api_host: chain.rpcUrl,
          confirmation: 1,
          receiving_address: '0x9999999999999999999999999999999999999999',
        },
        currencies: [{ name: 'Ether', symbol: 'ETH', decimal: 18 }],
      },
    });
    expect(method.status, JSON.stringify(method.body)).toBe(201);
    // The store sells in test mode here.
    const sales = await store.owner.request('/api/console/store-settings', {
      method: 'PUT',
      body: { sales_livemode: false },
    });
    expect(sales.status, JSON.stringify(sales.body)).toBe(200);
    did = await store.publishedApp({ title: 'Pixel Pad' });
  });
  afterAll(async () => {
    await store?.close();
    await chain?.stop();
  });

  /** The developer's own switch for their app's page. */
  const acceptDonations = (accepts: boolean, client = store.developer) =>
    client.request(`/api/developer/apps/${did}`, { method: 'PUT', body: { accepts_donations: accepts } });

  it('offers no donation until an owner enables it and the developer takes them, then one from the settings, 90% to the developer', async () => {
    expect((await acceptDonations(true)).body).toMatchObject({ accepts_donations: true });
    expect((await donationOf(did)).body).toEqual({
      livemode: false,
      mountLocation: 'store-app-page',
      setting: null,
      target: null,
      developerPercent: 90,
      developerAccepts: true,
    });
    const made = await store.owner.request('/api/settings?livemode=false', {
      method: 'POST',
      body: { type: 'donate', mountLocation: 'store-app-page', description: 'Support on app pages' },
    });
    expect(made.status).toBe(201);
    expect((await donationOf(did)).body).toMatchObject({ setting: { active: false }, target: null });
    expect((await visitor().request(`/api/donations?target=${did}&livemode=false`)).status).toBe(404);

    const enabled = await store.owner.request('/api/settings/store-app-page?livemode=false', {
      method: 'PUT',
      body: { active: true },
    });
    expect(enabled.status).toBe(200);
    const on = await donationOf(did);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ setting: { active: true }, target: did });

    const donations = await visitor().request(`/api/donations?target=${did}&livemode=false`);
    expect(donations.status).toBe(200);
    expect(donations.body).toMatchObject({ title: 'Pixel Pad', total: 0, currency: { symbol: 'ETH' } });
    const linkId = donations.body.payment_link_id;
    const developerAddress = store.developerDid.slice(store.developerDid.lastIndexOf(':') + 1);
    expect((await visitor().request(`/api/payment-links/${linkId}/benefits`)).body).toEqual([
      { name: 'Pixel Pad', address: developerAddress, percent: 90 },
    ]);
    const link = (await store.owner.request(`/api/payment-links/${linkId}?livemode=false`)).body;
    const price = (await store.owner.request(`/api/prices/${link.line_items[0].price_id}?livemode=false`))
      .body;
    // Seed 001 §9's default donation, in ETH's smallest units.
    expect(price.custom_unit_amount).toMatchObject({
      presets: [ETH, 5n * ETH, 10n * ETH].map(String),
      preset: String(ETH),
      minimum: String(ETH / 100n),
      maximum: String(100n * ETH),
    });

    // Every visit asks again: unchanged, nothing is written.
    await donationOf(did);
    await donationOf(did);
    const events = await (store.server.app.kiosk.database.db as Kysely<PlatformTables>)
      .selectFrom('events')
      .select('type')
      .where('object_id', '=', linkId)
      .execute();
    expect(events.map((event) => event.type)).toEqual(['payment_link.created']);
  });

  it('follows the settings the owner configures, presets only included', async () => {
    const changed = await store.owner.request('/api/settings/store-app-page?livemode=false', {
      method: 'PUT',
      body: {
        settings: {
          amount: { presets: ['0.5', '2'], preset: '2', minimum: '0.1', maximum: '20', custom: false },
        },
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await donationOf(did)).body.target).toBe(did);
    const linkId = (await visitor().request(`/api/donations?target=${did}&livemode=false`)).body
      .payment_link_id;
    const link = (await store.owner.request(`/api/payment-links/${linkId}?livemode=false`)).body;
    const price = (await store.owner.request(`/api/prices/${link.line_items[0].price_id}?livemode=false`))
      .body;
    expect(price.custom_unit_amount).toMatchObject({
      presets: [ETH / 2n, 2n * ETH].map(String),
      preset: String(2n * ETH),
      minimum: String(ETH / 10n),
      maximum: String(20n * ETH),
      custom: false,
    });
  });

  it("leaves an app's page without donations while its developer does not take them, and only they decide", async () => {
    expect((await acceptDonations(false)).status).toBe(200);
    expect((await donationOf(did)).body).toMatchObject({
      setting: { active: true },
      target: null,
      developerAccepts: false,
    });
    // The store's owner is not the app's developer: the switch is not theirs.
    expect((await acceptDonations(true, store.owner)).status).toBe(403);
    expect((await donationOf(did)).body.target).toBeNull();
    expect((await acceptDonations(true)).status).toBe(200);
    expect((await donationOf(did)).body).toMatchObject({ target: did, developerAccepts: true });
  });

  it('answers 404 for an app that is not on the store front', async () => {
    const answer = await donationOf('z1NoSuchApp');
    expect([answer.status, answer.body.code]).toEqual([404, 'APP_NOT_FOUND']);
  });
});
