import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An editor (the studio, e.g. a VS Code extension) gets an access token the way `kiosk login` does
 * (issue 12 item 4, docs/identity.md §4): a connection opened with `client: 'studio'`, approved on
 * the /connect-studio page, redeemed by the editor with its secret.
 */

const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const DAY = 24 * 60 * 60;

describe.each(await testEngines())('studio connections on %s', (engine) => {
  let server: TestServer;
  let clock: TestClock;
  let owner: Awaited<ReturnType<typeof signedIn>>;

  const anonymous = () => cookieClient(server.url);
  const open = async (body: Record<string, unknown>) => {
    const opened = await anonymous().request('/api/connect-cli', { method: 'POST', body });
    expect(opened.status).toBe(201);
    return opened.body as { id: string; secret: string; approve_url: string; client: string };
  };
  const redeem = (id: string, secret: string) =>
    anonymous().request(`/api/connect-cli/${id}/redeem`, { method: 'POST', body: { secret } });

  /** A signed-in user holding the developer passport, granted by the owner through the API. */
  async function newDeveloper() {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    expect(granted.status).toBe(201);
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    owner = await signedIn(server, TestWallet.random());
  });
  afterAll(() => server?.close());

  it('sends the developer to /connect-studio and hands the editor a token named after it, scoped like the CLI’s', async () => {
    const { client, did } = await newDeveloper();
    const opened = await open({ client: 'studio', source: 'VS Code on ada-laptop' });
    expect(opened.approve_url).toBe(`${server.url}/connect-studio?id=${opened.id}`);
    expect((await anonymous().request(`/api/connect-cli/${opened.id}`)).body).toEqual({
      id: opened.id,
      client: 'studio',
      source: 'VS Code on ada-laptop',
      status: 'pending',
      expires_at: clock.nowUnix() + 600,
    });

    const approved = await client.request(`/api/connect-cli/${opened.id}/approve`, { method: 'POST' });
    expect(approved.body).toMatchObject({ client: 'studio', status: 'approved' });
    const redeemed = await redeem(opened.id, opened.secret);
    expect(redeemed.body).toMatchObject({
      status: 'redeemed',
      token: {
        name: 'VS Code on ada-laptop',
        scope: 'all',
        permission: 'publish',
        status: 'active',
        expires_at: clock.nowUnix() + 90 * DAY,
      },
    });
    const whoami = await anonymous().request('/api/developer/whoami', {
      headers: { authorization: `Bearer ${redeemed.body.token.secret}` },
    });
    expect(whoami.body).toMatchObject({ did, token: { name: 'VS Code on ada-laptop', scope: 'all' } });
    expect((await redeem(opened.id, opened.secret)).body).toEqual({ status: 'redeemed', token: null });
  });

  it('names the token Kiosk Studio when the editor does not name itself, and a CLI connection stays a CLI one', async () => {
    const { client } = await newDeveloper();
    const studio = await open({ client: 'studio' });
    await client.request(`/api/connect-cli/${studio.id}/approve`, { method: 'POST' });
    expect((await redeem(studio.id, studio.secret)).body.token.name).toBe('Kiosk Studio');

    const cli = await open({});
    expect(cli.client).toBe('cli');
    expect(cli.approve_url).toBe(`${server.url}/connect-cli?id=${cli.id}`);
    await client.request(`/api/connect-cli/${cli.id}/approve`, { method: 'POST' });
    expect((await redeem(cli.id, cli.secret)).body.token.name).toBe('Kiosk CLI');
  });

  it('refuses a client it does not know', async () => {
    for (const value of ['vscode', '', 1]) {
      const refused = await anonymous().request('/api/connect-cli', {
        method: 'POST',
        body: { client: value },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.details[0].path).toBe('body.client');
    }
  });
});
