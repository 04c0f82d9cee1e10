import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The error log holds bugs only. An expected outcome (any 4xx: a refusal, a missing thing, a bad
 * request, a limit reached) is at most an info line and never carries a stack, so no caller can fill
 * the error log by asking again. Routes come from the server itself, so a route added later is walked
 * without editing this test.
 */

interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

const ERROR = 50;

describe.each(await testEngines())('the error log on %s', (engine) => {
  let server: TestServer;
  const lines: LogLine[] = [];
  const logStream = { write: (line: string) => lines.push(JSON.parse(line) as LogLine) };
  /** Error lines and lines with a stack logged since `from`. */
  const errorsSince = (from: number) =>
    lines
      .slice(from)
      .filter((line) => line.level >= ERROR || JSON.stringify(line).includes('"stack"'))
      .map((line) => `${line.level} ${line.msg ?? ''} ${line.err?.stack?.split('\n')[0] ?? ''}`);

  beforeAll(async () => {
    server = await startTestServer(engine, { env: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(() => server?.close());

  it('holds nothing when a buyer syncs to space, which is rate-limited like other writes', async () => {
    const buyer = await signedIn(server, TestWallet.random());
    const from = lines.length;
    const statuses: number[] = [];
    for (let n = 0; n < 40; n++)
      statuses.push((await buyer.request('/api/customers/sync-to-space', { method: 'POST' })).status);
    expect(errorsSince(from)).toEqual([]);
    expect(statuses[0]).toBe(204);
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    const limited = await buyer.request('/api/customers/sync-to-space', { method: 'POST' });
    expect(limited.body.code).toBe('RATE_LIMITED');
  });

  it('holds no 4xx of any route, asked by nobody and by a member', { timeout: 120_000 }, async () => {
    const member = await signedIn(server, TestWallet.random());
    const anonymous = cookieClient(server.url);
    const from = lines.length;
    const fourHundreds = new Set<number>();
    for (const route of server.app.kiosk.routes) {
      // Limited above; and signing out would leave the member nobody for the routes after it.
      if (route.url === '/api/customers/sync-to-space' || route.url === '/api/auth/logout') continue;
      const path = route.url.replace(/:[A-Za-z_]+\??/g, 'x').replace(/\*/g, 'x');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      for (const client of [anonymous, member]) {
        const { status } = await client.request(path, { method: route.method, body });
        if (status >= 400 && status < 500) fourHundreds.add(status);
        expect(status, `${route.method} ${path}`).toBeLessThan(500);
      }
    }
    expect(errorsSince(from)).toEqual([]);
    expect([...fourHundreds]).toEqual(expect.arrayContaining([400, 401, 403, 404]));
  });
});
