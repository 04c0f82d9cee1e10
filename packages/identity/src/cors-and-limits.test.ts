import { cookieClient, signedIn, startTestServer } from '@kiosk/testkit';
import { TestWallet } from '@kiosk/test-wallet';
import { describe, expect, it } from 'vitest';

describe('browser access from other origins', () => {
  it('answers CORS only for configured origins', async () => {
    const server = await startTestServer('sqlite', {
      env: { KIOSK_CORS_ORIGINS: 'https://shop.example.com' },
    });
    try {
      const preflight = (origin: string) =>
        fetch(`${server.url}/api/session`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
      expect((await preflight('https://shop.example.com')).headers.get('access-control-allow-origin')).toBe(
        'https://shop.example.com',
      );
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      // An embedded checkout edits its session with PUT and DELETE.
      const edit = await fetch(`${server.url}/api/checkout-sessions/cs_x/cross-sell`, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'DELETE' },
      });
      expect(edit.headers.get('access-control-allow-methods')?.split(/, */)).toEqual(
        expect.arrayContaining(['PUT', 'DELETE']),
      );
    } finally {
      await server.close();
    }
  });

  it("refuses a signed-in user's writes sent from another site, and keeps them from its own and listed ones", async () => {
    const server = await startTestServer('sqlite', {
      env: { KIOSK_CORS_ORIGINS: 'https://shop.example.com' },
    });
    try {
      const owner = await signedIn(server, TestWallet.random());
      const create = (origin: string | undefined) =>
        owner.request('/api/api-keys', {
          method: 'POST',
          body: { name: 'k', livemode: false },
          headers: origin ? { origin } : {},
        });
      for (const origin of ['http://evil.example', 'null']) {
        const refused = await create(origin);
        expect(refused.status, origin).toBe(403);
        expect(refused.body.code).toBe('CROSS_SITE_REQUEST');
      }
      expect((await owner.request('/api/api-keys')).body.count).toBe(0);
      const logout = await owner.request('/api/auth/logout', {
        method: 'POST',
        headers: { origin: 'http://evil.example' },
      });
      expect(logout.status).toBe(403);
      expect((await owner.request('/api/session')).body.user).not.toBeNull();

      expect((await create(new URL(server.url).origin)).status).toBe(201);
      expect((await create('https://shop.example.com')).status).toBe(201);
      // Not a browser (a script holding the cookie): no Origin to judge by.
      expect((await create(undefined)).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('limits sign-in requests per IP with 429 RATE_LIMITED', async () => {
    const server = await startTestServer('sqlite', { env: { KIOSK_SIGNIN_RATE_LIMIT: '3' } });
    try {
      const client = cookieClient(server.url);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await client.request('/api/auth/nonce')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const limited = await client.request('/api/auth/nonce');
      expect(limited.body).toEqual({
        code: 'RATE_LIMITED',
        error: expect.stringMatching(/^Too many requests, please retry in \d+ s$/),
      });
      // Other routes are not limited.
      expect((await client.request('/api/session')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
