import type { Access } from '@kiosk/identity';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A NUL character (PostgreSQL text cannot hold one) in any path parameter or query parameter of any
 * registered route is refused 400 VALIDATION_FAILED naming the field, never a 5xx. Each route is called
 * as a caller it admits, so the request reaches as far as it can; routes come from the server itself,
 * and query parameters from its OpenAPI document, so a route added later is covered without editing
 * this test. (JSON bodies are covered in bad-input.test.ts.)
 */

type Caller = 'anonymous' | 'owner' | 'developer' | 'testKey' | 'authToken' | 'accessToken';

/** The first caller each access rule admits, enough to get past the route's door. */
const CALLER_FOR: Record<Access, Caller> = {
  public: 'anonymous',
  signedIn: 'owner',
  developer: 'developer',
  admin: 'owner',
  owner: 'owner',
  apiKey: 'testKey',
  authToken: 'authToken',
  accessToken: 'accessToken',
};

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

/** `/api/apps/:did/versions/:version` → `/api/apps/{did}/versions/{version}`, OpenAPI's spelling. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)\??/g, '{$1}');

const paramNames = (url: string) => [
  ...[...url.matchAll(/:([A-Za-z_]+)\??/g)].map((m) => m[1]!),
  ...(url.includes('*') ? ['*'] : []),
];

describe.each(await testEngines())('a NUL character in a path or query on %s', (engine) => {
  let server: TestServer;
  let document: OpenApiDocument;
  const clients = {} as Record<Caller, ReturnType<typeof cookieClient>>;
  const headers: Partial<Record<Caller, Record<string, string>>> = {};

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
    const ownerWallet = TestWallet.random();
    const developerWallet = TestWallet.random();
    const memberWallet = TestWallet.random();
    clients.owner = await signedIn(server, ownerWallet);
    clients.developer = await signedIn(server, developerWallet);
    await signedIn(server, memberWallet);
    const granted = await clients.owner.request('/api/passports', {
      method: 'POST',
      body: { did: `did:pkh:eip155:1:${developerWallet.address.toLowerCase()}`, role: 'developer' },
    });
    expect(granted.status).toBe(201);
    clients.developer = await signedIn(server, developerWallet);
    const testKey = (
      await clients.owner.request('/api/api-keys', { method: 'POST', body: { name: 't', livemode: false } })
    ).body.secret;
    headers.testKey = { authorization: `Bearer ${testKey}` };
    const token = (
      await cookieClient(server.url).request('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: `did:pkh:eip155:1:${memberWallet.address.toLowerCase()}` },
        headers: headers.testKey,
      })
    ).body.token;
    headers.authToken = { 'x-auth-token': token };
    const accessToken = (
      await clients.developer.request('/api/developer/access-tokens', {
        method: 'POST',
        body: { name: 'cli' },
      })
    ).body.secret;
    headers.accessToken = { authorization: `Bearer ${accessToken}` };
    for (const caller of ['anonymous', 'testKey', 'authToken', 'accessToken'] as const)
      clients[caller] = cookieClient(server.url);
    document = (await clients.anonymous.request('/api/openapi.json')).body;
  });
  afterAll(() => server?.close());

  /** One call as `caller`, redirects left unfollowed (the docs reader redirects to itself). */
  async function call(caller: Caller, method: string, path: string, body: unknown) {
    const sent: Record<string, string> = { ...headers[caller] };
    if (clients[caller].cookie) sent.cookie = clients[caller].cookie;
    if (body !== undefined) sent['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('application/json');
    return { status: response.status, body: json && text ? JSON.parse(text) : undefined };
  }

  function queryNames(method: string, url: string): string[] {
    const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
    const named = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    // Lists take a cursor; a route that ignores it must not break on it either.
    return [...new Set(['starting_after', ...named])];
  }

  it('is refused 400 naming the field on every route, never a 5xx', { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    let asked = 0;
    for (const route of server.app.kiosk.routes) {
      if (route.url === '/api/realtime') continue; // a websocket upgrade, no query of its own
      const caller = CALLER_FOR[route.access[0]!];
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const ask = async (path: string, field: string) => {
        asked++;
        const answer = await call(caller, route.method, path, body);
        const refused =
          answer.status === 400 &&
          answer.body?.code === 'VALIDATION_FAILED' &&
          answer.body.details?.some((d: { path: string }) => d.path === field);
        if (!refused)
          wrong.push(`${route.method} ${path} as ${caller}: ${answer.status} ${answer.body?.code ?? ''}`);
      };
      const plain = route.url.replace(/:[A-Za-z_]+\??/g, 'x').replace(/\*/g, 'x');
      for (const name of paramNames(route.url)) {
        const withNul = route.url
          .replace(/:([A-Za-z_]+)\??/g, (_, param: string) => (param === name ? 'x%00' : 'x'))
          .replace(/\*/g, name === '*' ? 'x%00' : 'x');
        await ask(withNul, `params.${name}`);
      }
      for (const name of queryNames(route.method, route.url))
        await ask(`${plain}?${name}=x%00`, `querystring.${name}`);
    }
    expect(asked).toBeGreaterThan(server.app.kiosk.routes.length);
    expect(wrong.filter((line) => / 5\d\d /.test(line))).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('in the session cookie is no 5xx either', async () => {
    const answer = await cookieClient(server.url, 'kiosk_session=x%00').request('/api/session');
    expect(answer.status).toBeLessThan(500);
  });
});
