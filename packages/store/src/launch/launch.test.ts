import { removeTempDirs } from '@kiosk/bundle/test-fixtures';
import { TestWallet } from '@kiosk/test-wallet';
import {
  getAsHost,
  signedIn,
  startStoreWorld,
  testEngines,
  type Client,
  type StoreWorld,
} from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_TOKEN_SECONDS } from './launch-token.ts';

afterAll(removeTempDirs);

const WEB_APP = {
  'index.html': '<!doctype html><title>Board</title><script src="app.js"></script><h1>Board</h1>\n',
  'app.js': 'document.title = "Board running";\n',
};

/**
 * Launch through the real server (issue 24 item 4): a web app's page is served from the apps origin
 * (here `apps.localhost` on the server's port), sandboxed by its CSP, to whoever holds a launch's
 * short-lived address, and to nobody on the store's own host; the apps host answers nothing else.
 */
describe.each(await testEngines())('launching web apps on %s', (engine) => {
  let store: StoreWorld;
  let member: Client;
  let memberDid: string;
  let appsOrigin: string;

  beforeAll(async () => {
    store = await startStoreWorld(engine);
    appsOrigin = `http://apps.localhost:${new URL(store.server.url).port}`;
    const wallet = new TestWallet({ index: 7 });
    member = await signedIn(store.server, wallet);
    memberDid = `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
  });
  afterAll(() => store?.close());

  const get = (url: string) => getAsHost(store.server.url, url);
  const launch = (client: Client, did: string) =>
    client.request(`/api/apps/${did}/launch`, { method: 'POST' });

  it("opens a free web app's page for anyone signed in, sandboxed, from the apps origin only", async () => {
    const did = await store.publishedApp({ main: 'index.html' }, WEB_APP);
    expect((await launch(store.anonymous, did)).status).toBe(401);
    const launched = await launch(member, did);
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url = launched.body.url as string;
    expect(url).toMatch(new RegExp(`^${appsOrigin}/l/[^/]+/index\\.html$`));
    expect(launched.body.expires_at).toBe(store.clock.nowUnix() + LAUNCH_TOKEN_SECONDS);

    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.body).toBe(WEB_APP['index.html']);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("connect-src 'self'");
    const script = await get(url.replace('index.html', 'app.js'));
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');

    // Who launched it, for the app to read (a free app has no receipt).
    const info = await get(url.replace('index.html', '~kiosk/launch.json'));
    expect(JSON.parse(info.body)).toMatchObject({
      app: did,
      version: '1.0.0',
      user: memberDid,
      receipt: null,
    });

    // Nothing outside the app's folder, nothing on the store's host, and no API on the apps host.
    expect((await get(url.replace('index.html', '..%2F..%2Fkiosk.db'))).status).toBe(404);
    expect((await get(url.replace('index.html', 'missing.js'))).status).toBe(404);
    expect((await get(url.replace(appsOrigin, store.server.url))).status).toBe(404);
    expect((await get(`${appsOrigin}/api/session`)).status).toBe(404);
    expect((await get(`${appsOrigin}/`)).status).toBe(404);

    // A forged token, and the genuine one once it has expired, open nothing.
    const [payload] = url.split('/l/')[1]!.split('/')[0]!.split('.');
    expect((await get(`${appsOrigin}/l/${payload}.forged/index.html`)).status).toBe(404);
    store.clock.advance({ seconds: LAUNCH_TOKEN_SECONDS + 1 });
    expect((await get(url)).status).toBe(404);
  });

  it('refuses an app without a page, and one nobody may see; the app page knows it before', async () => {
    const did = await store.publishedApp();
    expect((await launch(member, did)).body.code).toBe('APP_NOT_LAUNCHABLE');
    const page = await member.request(`/api/apps/${did}`);
    expect(page.body.versions.map((version: { launchable: boolean }) => version.launchable)).toEqual([false]);
    expect((await launch(member, 'did:abt:z1NoSuchApp')).status).toBe(404);
  });

  it('serves concurrent first launches from one unpacking', async () => {
    const did = await store.publishedApp({ main: 'index.html' }, WEB_APP);
    const launches = await Promise.all(Array.from({ length: 5 }, () => launch(member, did)));
    expect(launches.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const pages = await Promise.all(launches.map((answer) => get(answer.body.url)));
    expect(pages.map((page) => page.body)).toEqual(launches.map(() => WEB_APP['index.html']));
  });
});
