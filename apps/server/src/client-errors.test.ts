import { Writable } from 'node:stream';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Captures the server's log lines, parsed. */
function logCapture() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, text: () => lines.map((line) => JSON.stringify(line)).join('\n') };
}

const report = (overrides: Record<string, unknown> = {}) => ({
  source: 'error',
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at render (http://127.0.0.1/assets/index-abc.js:1:200)',
  page: '/checkout/pay/cs_123',
  app_version: '0.1.0',
  ...overrides,
});

/** The value of a counter line of /metrics, or 0 when it has no line yet. */
async function counted(server: TestServer, source: string): Promise<number> {
  const text = (await cookieClient(server.url).request('/metrics')).body as string;
  const line = text.split('\n').find((l) => l.startsWith(`kiosk_client_errors_total{source="${source}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe.each(await testEngines())('browser error reports on %s', (engine) => {
  let server: TestServer;
  const log = logCapture();

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { LOG_LEVEL: 'warn' }, logStream: log.stream });
  });
  afterAll(() => server?.close());

  it('logs an anonymous report at warn with its page and version, counts it, and answers 204', async () => {
    const before = await counted(server, 'unhandledrejection');
    const answer = await cookieClient(server.url).request('/api/client-errors', {
      method: 'POST',
      body: report({ source: 'unhandledrejection', message: 'boom at the till', stack: undefined }),
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });
    expect(answer.status).toBe(204);
    const line = log.lines.find((l) => l.client_error?.message === 'boom at the till');
    expect(line).toMatchObject({
      level: 40,
      msg: 'client error',
      client_error: {
        source: 'unhandledrejection',
        page: '/checkout/pay/cs_123',
        app_version: '0.1.0',
        user_agent: 'Mozilla/5.0 (test)',
      },
    });
    expect(line!.client_error.did).toBeUndefined();
    expect(await counted(server, 'unhandledrejection')).toBe(before + 1);
  });

  it("names a signed-in caller's DID and never logs a cookie, a token or the page's query", async () => {
    const wallet = TestWallet.random();
    const user = await signedIn(server, wallet);
    const sessionToken = user.cookie.split('=')[1]!;
    const token = 'eyJhbGciOiJFZERTQSJ9.secret-token-value';
    const answer = await user.request('/api/client-errors', {
      method: 'POST',
      body: report({
        message: `Failed to fetch /api/checkout-sessions/retrieve/cs_1?authToken=${token}&locale=en`,
        stack: `Error\n    at load (http://127.0.0.1/embed/checkout.js?authToken=${token}:1:10)`,
        page: `/checkout/pay/cs_123?authToken=${token}#step`,
        component_stack: '\n    in CheckoutForm\n    in App',
      }),
    });
    expect(answer.status).toBe(204);
    const line = log.lines.find((l) => l.client_error?.message?.startsWith('Failed to fetch'));
    expect(line!.client_error).toMatchObject({
      page: '/checkout/pay/cs_123',
      did: `did:pkh:eip155:1:${wallet.address.toLowerCase()}`,
      message: expect.stringContaining('authToken=%5Bredacted%5D&locale=en'),
      component_stack: '\n    in CheckoutForm\n    in App',
    });
    const text = log.text();
    for (const secret of [token, sessionToken]) expect(text).not.toContain(secret);
  });

  it('refuses a body that breaks the contract with 400, a code and a message in the caller’s language', async () => {
    const client = cookieClient(server.url);
    const missing = await client.request('/api/client-errors?locale=zh', {
      method: 'POST',
      body: report({ message: undefined }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'VALIDATION_FAILED',
      error: '验证失败',
      details: [{ path: 'body.message', message: '必填' }],
    });
    const notAPath = await client.request('/api/client-errors', {
      method: 'POST',
      body: report({ page: 'https://evil.example/x' }),
      headers: { 'accept-language': 'en' },
    });
    expect(notAPath.status).toBe(400);
    expect(notAPath.body.details).toEqual([
      { path: 'body.page', message: 'Must be a path on this site, starting with /' },
    ]);
    const unknownField = await client.request('/api/client-errors', {
      method: 'POST',
      body: report({ cookie: 'nf_session=1' }),
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses an oversize field with 400 and an oversize body with 413', async () => {
    const client = cookieClient(server.url);
    const longMessage = await client.request('/api/client-errors', {
      method: 'POST',
      body: report({ message: 'x'.repeat(1_001) }),
    });
    expect(longMessage.status).toBe(400);
    expect(longMessage.body.details).toEqual([
      { path: 'body.message', message: 'Must be at most 1000 characters' },
    ]);
    const huge = await client.request('/api/client-errors?locale=zh', {
      method: 'POST',
      body: report({ stack: 'y'.repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: '请求体过大' });
    expect(log.text()).not.toContain('y'.repeat(100));
  });

  it('tells browsers the sample rate, cacheable for a while', async () => {
    const answer = await cookieClient(server.url).request('/api/client-errors/config');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ sample_rate: 1 });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('browser error reports under load', () => {
  it('limits reports per IP with 429 RATE_LIMITED in the caller’s language', async () => {
    const server = await startTestServer('sqlite', {
      env: { KIOSK_CLIENT_ERROR_RATE_LIMIT: '3', KIOSK_ERROR_SAMPLE_RATE: '0.25' },
    });
    try {
      const client = cookieClient(server.url);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await client.request('/api/client-errors', { method: 'POST', body: report() })).status,
        );
      expect(statuses).toEqual([204, 204, 204, 429]);
      const limited = await client.request('/api/client-errors', {
        method: 'POST',
        body: report(),
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        code: 'RATE_LIMITED',
        error: expect.stringMatching(/^请求过于频繁，请在 \d+ 秒后重试$/),
      });
      // The rate is the configured one; reading it is not limited.
      expect((await client.request('/api/client-errors/config')).body).toEqual({ sample_rate: 0.25 });
    } finally {
      await server.close();
    }
  });
});
