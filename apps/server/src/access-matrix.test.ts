import type { Access } from '@kiosk/identity';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';

/**
 * Every route the server registered, called as every kind of caller. Each caller must get what the
 * route's `config.access` declares: in, or 401 (nobody) / 403 (the wrong somebody). Routes come from
 * the server itself, so a route added later is covered without editing this test.
 */

type Caller =
  | 'anonymous'
  | 'member'
  | 'developer'
  | 'admin'
  | 'owner'
  | 'testKey'
  | 'liveKey'
  | 'authToken'
  | 'accessToken';
const CALLERS: Caller[] = [
  'anonymous',
  'member',
  'developer',
  'admin',
  'owner',
  'testKey',
  'liveKey',
  'authToken',
  'accessToken',
];
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

/** Who each access rule admits, written out here independently of the server's own check. */
const ADMITTED: Record<Access, Caller[]> = {
  public: CALLERS,
  signedIn: ['member', 'developer', 'admin', 'owner'],
  developer: ['developer'],
  admin: ['admin', 'owner'],
  owner: ['owner'],
  apiKey: ['testKey', 'liveKey'],
  authToken: ['authToken'],
  accessToken: ['accessToken'],
};

function concretePath(url: string): string {
  return url
    .replace(/:action/g, 'login')
    .replace(/:[A-Za-z_]+\??/g, 'x')
    .replace(/\*/g, 'x');
}

describe.each(await testEngines())('authorisation matrix on %s', (engine) => {
  let server: TestServer;
  const wallets: Partial<Record<Caller, TestWallet>> = {};
  const headers: Partial<Record<Caller, Record<string, string>>> = {};

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
    for (const role of ['owner', 'admin', 'developer', 'member'] as const)
      wallets[role] = TestWallet.random();
    const owner = await signedIn(server, wallets.owner!);
    for (const role of ['admin', 'developer', 'member'] as const) {
      await signedIn(server, wallets[role]!);
      if (role !== 'member') {
        const granted = await owner.request('/api/passports', {
          method: 'POST',
          body: { did: didOf(wallets[role]!), role },
        });
        expect(granted.status).toBe(201);
      }
    }
    const testKey = (
      await owner.request('/api/api-keys', { method: 'POST', body: { name: 't', livemode: false } })
    ).body.secret;
    const liveKey = (
      await owner.request('/api/api-keys', { method: 'POST', body: { name: 'l', livemode: true } })
    ).body.secret;
    headers.testKey = { authorization: `Bearer ${testKey}` };
    headers.liveKey = { authorization: `Bearer ${liveKey}` };
    const token = (
      await cookieClient(server.url).request('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: didOf(wallets.member!) },
        headers: headers.testKey,
      })
    ).body.token;
    headers.authToken = { 'x-auth-token': token };
    // The developer's CLI token, allowed everything a token can be: publish, every app.
    const accessToken = (
      await (
        await signedIn(server, wallets.developer!)
      ).request('/api/developer/access-tokens', { method: 'POST', body: { name: 'cli' } })
    ).body.secret;
    headers.accessToken = { authorization: `Bearer ${accessToken}` };
  });
  afterAll(() => server?.close());

  /**
   * The caller's session, signed in again whenever the last route ended it (sign-out): a new sign-in
   * per call costs a wallet signature each, and the table has hundreds of calls.
   */
  const sessions = new Map<Caller, Awaited<ReturnType<typeof signedIn>>>();
  async function clientFor(caller: Caller) {
    const wallet = wallets[caller];
    if (!wallet) return cookieClient(server.url);
    const kept = sessions.get(caller);
    if (kept && (await kept.request('/api/session')).body?.user) return kept;
    const fresh = await signedIn(server, wallet);
    sessions.set(caller, fresh);
    return fresh;
  }

  it('knows the routes it checks', () => {
    const paths = server.app.kiosk.routes.map((r) => `${r.method} ${r.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/session',
        'POST /api/passports',
        'GET /api/api-keys',
        'POST /api/auth-tokens',
      ]),
    );
  });

  // Every route as every caller: the callers of one route ask at once, so the walk stays quick as
  // routes are added.
  it('gives every caller exactly what each route declares', { timeout: 120_000 }, async () => {
    const outcomes: string[] = [];
    for (const route of server.app.kiosk.routes) {
      const path = concretePath(route.url);
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const answers = await Promise.all(
        CALLERS.map(async (caller) => {
          const client = await clientFor(caller);
          const response = await client.request(path, {
            method: route.method,
            body: withBody ? {} : undefined,
            headers: headers[caller],
          });
          const admitted = route.access.some((rule) => ADMITTED[rule].includes(caller));
          const expected = admitted ? 'in' : caller === 'anonymous' ? '401' : '403';
          const got = response.status === 401 ? '401' : response.status === 403 ? '403' : 'in';
          return `${route.method} ${route.url} as ${caller}: ${got}${got === expected ? '' : ` (declared ${expected})`}`;
        }),
      );
      outcomes.push(...answers);
    }
    expect(outcomes.filter((line) => line.includes('(declared'))).toEqual([]);
    expect(outcomes.length).toBe(server.app.kiosk.routes.length * CALLERS.length);
  });
});
