import type { PlatformTables } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25 item 2, seed 001 §7: the settings of a place in a host application (its donation
 * defaults), made once per mount location with POST /api/settings, read by anyone, enabled and
 * changed by the merchant with PUT /api/settings/{id or mountLocation}; an event for each change.
 */
describe.each(await testEngines())('mount location settings on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { LOG_LEVEL: 'error' } });
    merchant = await merchantOf(server);
  });
  afterAll(() => server?.close());

  const create = (body: Record<string, unknown>) =>
    merchant.test('/api/settings', { method: 'POST', body: { type: 'donate', ...body } });
  const eventsOf = async (objectId: string) =>
    (
      await (server.app.kiosk.database.db as Kysely<PlatformTables>)
        .selectFrom('events')
        .select('type')
        .where('object_id', '=', objectId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((event) => event.type);

  it("makes a mount location's settings inactive with seed 001's default donation, then answers them as they are", async () => {
    const made = await create({ mountLocation: 'app-page', description: 'The app page' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      id: expect.stringMatching(/^set_/),
      object: 'setting',
      livemode: false,
      type: 'donate',
      mountLocation: 'app-page',
      description: 'The app page',
      componentDid: null,
      active: false,
      settings: {
        amount: { presets: ['1', '5', '10'], preset: '1', minimum: '0.01', maximum: '100', custom: true },
        historyType: 'avatar',
      },
    });
    // A host calls it on every start with its defaults: the settings as the owner left them come back.
    const again = await create({ mountLocation: 'app-page', description: 'Other', active: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(made.body);
    // Each mode has its own.
    const live = await merchant.live('/api/settings', {
      method: 'POST',
      body: { type: 'donate', mountLocation: 'app-page' },
    });
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ livemode: true });
    expect(live.body.id).not.toBe(made.body.id);
    expect(await eventsOf(made.body.id)).toEqual(['setting.created']);
  });

  it('makes one when two first calls come at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => create({ mountLocation: 'race', componentDid: 'did:abt:z1' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await eventsOf(answers[0]!.body.id)).toEqual(['setting.created']);
  });

  it('is read by anyone, by id or mount location, in its mode', async () => {
    const made = (await create({ mountLocation: 'blog-post', settings: { btnText: 'Tip the author' } })).body;
    const visitor = cookieClient(server.url);
    const byLocation = await visitor.request('/api/settings/blog-post?livemode=false');
    expect(byLocation.status).toBe(200);
    expect(byLocation.body).toEqual(made);
    expect((await visitor.request(`/api/settings/${made.id}?livemode=false`)).body).toEqual(made);
    const missing = await visitor.request('/api/settings/blog-post?livemode=true&locale=zh');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'SETTING_NOT_FOUND', error: '没有该设置' });
  });

  it('is enabled by id and changed by mount location, with an event each; unchanged, none', async () => {
    const made = (await create({ mountLocation: 'store-app' })).body;
    const enabled = await merchant.test(`/api/settings/${made.id}`, {
      method: 'PUT',
      body: { active: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ id: made.id, active: true, settings: made.settings });

    const settings = {
      amount: { presets: ['2', '20'], preset: '20', minimum: '1', maximum: '50', custom: false },
      btnText: 'Support',
      historyType: 'table',
    };
    const changed = await merchant.test('/api/settings/store-app', { method: 'PUT', body: { settings } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ active: true, settings });
    expect((await merchant.test('/api/settings/store-app', { method: 'PUT', body: {} })).body).toEqual(
      changed.body,
    );
    expect(await eventsOf(made.id)).toEqual(['setting.created', 'setting.updated', 'setting.updated']);
  });

  it('refuses amounts it cannot keep, in the caller’s language, and writes nothing', async () => {
    const refused = async (amount: Record<string, unknown>, locale = 'en') => {
      const answer = await merchant.test(`/api/settings?locale=${locale}`, {
        method: 'POST',
        body: { type: 'donate', mountLocation: `bad-${JSON.stringify(amount)}`, settings: { amount } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body;
    };
    expect(JSON.stringify(await refused({ minimum: '10', maximum: '5', presets: ['6'] }))).toContain(
      'The maximum is below the minimum',
    );
    expect(JSON.stringify(await refused({ presets: ['1', '500'] }))).toContain(
      'The preset lies outside minimum and maximum',
    );
    expect(JSON.stringify(await refused({ presets: ['1', '5'], preset: '3' }))).toContain(
      'The preset chosen first must be one of the presets',
    );
    expect(JSON.stringify(await refused({ presets: ['1.5e3'] }, 'zh'))).toContain(
      '请输入金额，例如 5 或 0.01',
    );
    expect(await eventsOf('none')).toEqual([]);
    const count = await (server.app.kiosk.database.db as Kysely<{ settings: { mount_location: string } }>)
      .selectFrom('settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mount_location', 'like', 'bad-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('is made and changed only by the merchant', async () => {
    const visitor = cookieClient(server.url);
    const buyer = await signedIn(server, TestWallet.random());
    const body = { type: 'donate', mountLocation: 'not-yours' };
    expect((await visitor.request('/api/settings', { method: 'POST', body })).status).toBe(401);
    expect((await buyer.request('/api/settings', { method: 'POST', body })).status).toBe(403);
    await create({ mountLocation: 'kept' });
    const put = { method: 'PUT', body: { active: true } };
    expect((await visitor.request('/api/settings/kept?livemode=false', put)).status).toBe(401);
    expect((await buyer.request('/api/settings/kept?livemode=false', put)).status).toBe(403);
    expect((await merchant.test('/api/settings/kept')).body.active).toBe(false);
  });
});
