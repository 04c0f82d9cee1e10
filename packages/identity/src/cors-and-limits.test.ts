import { cookieClient, startTestServer } from '@kiosk/testkit';
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
