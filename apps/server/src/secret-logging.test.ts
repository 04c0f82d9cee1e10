import { Writable } from 'node:stream';
import { TestWallet } from '@kiosk/test-wallet';
import { describe, expect, it } from 'vitest';
import { cookieClient, signedIn, startTestServer } from '@kiosk/testkit';

describe('logs', () => {
  it('never contain API keys, authTokens, connect secrets or session ids, even at trace level', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const server = await startTestServer('sqlite', { env: { LOG_LEVEL: 'trace' }, logStream });
    try {
      const owner = await signedIn(server, TestWallet.random());
      const sessionToken = owner.cookie.split('=')[1]!;
      const key = (
        await owner.request('/api/api-keys', { method: 'POST', body: { name: 'k', livemode: false } })
      ).body.secret;
      const machine = cookieClient(server.url);
      const minted = await machine.request('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: 'did:pkh:eip155:1:0x0000000000000000000000000000000000000001' },
        headers: { authorization: `Bearer ${key}` },
      });
      const token = minted.body.token;
      await machine.request(`/api/whoami?authToken=${token}&locale=en`);
      await machine.request('/api/whoami', { headers: { 'x-auth-token': token } });
      await machine.request('/api/whoami', {
        headers: { authorization: 'Bearer sk_test_wrongwrongwrongwrongwrongwrong12' },
      });
      const connect = (await machine.request('/api/did/login/token', { method: 'POST', body: {} })).body;
      await machine.request(`/api/did/login/status?_t_=${connect.token}&secret=${connect.secret}`);
      await owner.request('/api/auth/logout', { method: 'POST' });

      const log = lines.join('');
      expect(log).toContain('/api/whoami'); // requests were logged at all
      for (const secret of [
        sessionToken,
        key,
        token,
        connect.secret,
        'sk_test_wrongwrongwrongwrongwrongwrong12',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await server.close();
    }
  });
});
