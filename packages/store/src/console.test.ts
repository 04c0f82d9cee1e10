import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeApp,
  packAndSign,
  removeTempDirs,
  uniqueAppName,
  type TestApp,
} from '@kiosk/bundle/test-fixtures';

/**
 * The admins' console over HTTP (issue 12 item 8): categories, which the store front lists, and
 * blocking an app with a reason its developer sees.
 */

type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const randomName = () => uniqueAppName('app');

afterAll(removeTempDirs);

describe.each(await testEngines())('the store console on %s', (engine) => {
  let server: TestServer;
  let owner: Client;
  let admin: Client;
  let developer: Client;
  const anonymous = () => cookieClient(server.url);

  async function withPassport(role: 'developer' | 'admin'): Promise<Client> {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    return signedIn(server, wallet);
  }

  async function upload(app: TestApp) {
    const { file, release } = await packAndSign(app);
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: developer.cookie },
        body: await readFile(file),
      },
    );
    return { status: response.status, body: (await response.json()) as any };
  }

  /** An app of the developer's on the store front: uploaded, reviewed, approved and published. */
  async function publishedApp() {
    const source = await makeApp({ metadata: { name: randomName() } });
    const uploaded = await upload(source);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { did } = uploaded.body.app;
    const version = uploaded.body.version.version;
    const act = (client: Client, side: 'developer' | 'console', action: string) =>
      client.request(`/api/${side}/apps/${did}/versions/${version}/review`, {
        method: 'POST',
        body: { action },
      });
    for (const [client, side, action] of [
      [developer, 'developer', 'requestReview'],
      [admin, 'console', 'startReview'],
      [admin, 'console', 'approve'],
      [developer, 'developer', 'publish'],
    ] as const)
      expect((await act(client, side, action)).status).toBe(200);
    return { did: did as string, source };
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = (await merchantOf(server)).owner;
    admin = await withPassport('admin');
    developer = await withPassport('developer');
  });
  afterAll(() => server?.close());

  it('admins keep the categories; the store front counts its apps in each; one in use cannot be deleted', async () => {
    const { did } = await publishedApp();
    const created = await admin.request('/api/console/categories', {
      method: 'POST',
      body: { name: ' Dev Tools ', locales: { zh: '开发工具' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Dev Tools', locales: { zh: '开发工具' }, app_count: 0 });
    const same = await admin.request('/api/console/categories', {
      method: 'POST',
      body: { name: 'dev tools' },
    });
    expect([same.status, same.body.code]).toEqual([409, 'CATEGORY_EXISTS']);
    const bad = await admin.request('/api/console/categories', { method: 'POST', body: { name: 'Tools!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].message).toBe(
      "A category name may contain only letters, digits, spaces and '-'",
    );
    const zh = await admin.request('/api/console/categories', {
      method: 'POST',
      body: { name: '' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.details[0].message).toBe('分类名称为必填项');
    expect(
      (await developer.request('/api/console/categories', { method: 'POST', body: { name: 'Mine' } })).status,
    ).toBe(403);

    const moved = await developer.request(`/api/developer/apps/${did}`, {
      method: 'PUT',
      body: { category: 'DEV TOOLS' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const listed = await anonymous().request('/api/categories');
    expect(listed.body.list.find((c: { id: string }) => c.id === created.body.id)).toMatchObject({
      app_count: 1,
    });
    const inUse = await admin.request(`/api/console/categories/${created.body.id}`, { method: 'DELETE' });
    expect([inUse.status, inUse.body.code]).toEqual([409, 'CATEGORY_IN_USE']);

    const renamed = await admin.request(`/api/console/categories/${created.body.id}`, {
      method: 'PUT',
      body: { name: 'Developer Tools' },
    });
    expect(renamed.body).toMatchObject({ name: 'Developer Tools', app_count: 1 });
    const spare = await admin.request('/api/console/categories', { method: 'POST', body: { name: 'Spare' } });
    expect(
      (await admin.request(`/api/console/categories/${spare.body.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(
      (await anonymous().request('/api/categories')).body.list.map((c: { name: string }) => c.name),
    ).not.toContain('Spare');
  });

  it('a blocked app leaves the store front and its developer sees why; unblocked, it is back', async () => {
    const { did, source } = await publishedApp();
    const onFront = async () =>
      (await anonymous().request('/api/apps?pageSize=100')).body.list.some(
        (app: { did: string }) => app.did === did,
      );
    expect(await onFront()).toBe(true);
    expect(
      (await developer.request(`/api/console/apps/${did}/block`, { method: 'PUT', body: { reason: 'x' } }))
        .status,
    ).toBe(403);
    const reasonless = await admin.request(`/api/console/apps/${did}/block`, {
      method: 'PUT',
      body: { reason: ' ' },
    });
    expect(reasonless.body.details[0].message).toBe('Say why the app is blocked: its developer sees it');

    const blocked = await admin.request(`/api/console/apps/${did}/block`, {
      method: 'PUT',
      body: { reason: 'Ships a crypto miner' },
    });
    expect(blocked.body).toMatchObject({ blocked: true, block_reason: 'Ships a crypto miner' });
    expect(await onFront()).toBe(false);
    expect((await anonymous().request(`/api/apps/${did}`)).status).toBe(404);
    expect((await developer.request(`/api/apps/${did}`)).body).toMatchObject({
      blocked: true,
      block_reason: 'Ships a crypto miner',
    });
    // Its developer cannot ship another version meanwhile, and is told why.
    source.metadata.version = '2.0.0';
    await writeFile(join(source.dir, 'kiosk.json'), JSON.stringify(source.metadata));
    const refused = await upload(source);
    expect([refused.status, refused.body.error]).toEqual([
      403,
      'This app is blocked by the store: Ships a crypto miner',
    ]);

    const unblocked = await admin.request(`/api/console/apps/${did}/unblock`, { method: 'PUT' });
    expect(unblocked.body).toMatchObject({ blocked: false, block_reason: null });
    expect(await onFront()).toBe(true);
    const again = await admin.request(`/api/console/apps/${did}/unblock`, { method: 'PUT' });
    expect([again.status, again.body.code]).toEqual([409, 'APP_NOT_BLOCKED']);
  });
});
