import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines } from '@kiosk/testkit';
import { describe, expect, it } from 'vitest';
import { sha256 } from './crypto.ts';

const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const roles = (user: { passports: { role: string }[] }) => user.passports.map((p) => p.role).sort();

describe.each(await testEngines())('roles and machine credentials on %s', (engine) => {
  it('makes the first user owner and later ones members', async () => {
    const server = await startTestServer(engine);
    try {
      const first = await signedIn(server, TestWallet.random());
      const second = await signedIn(server, TestWallet.random());
      expect(roles((await first.request('/api/session')).body.user)).toEqual(['member', 'owner']);
      expect(roles((await second.request('/api/session')).body.user)).toEqual(['member']);
    } finally {
      await server.close();
    }
  });

  it('gives exactly one owner when many first users sign in at once', async () => {
    const server = await startTestServer(engine);
    try {
      const wallets = Array.from({ length: 6 }, () => TestWallet.random());
      const clients = await Promise.all(wallets.map((w) => signedIn(server, w)));
      const users = await Promise.all(clients.map(async (c) => (await c.request('/api/session')).body.user));
      expect(users.filter((u) => roles(u).includes('owner'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('makes only the DID named by KIOSK_OWNER_DID owner', async () => {
    const owner = TestWallet.random();
    const server = await startTestServer(engine, { env: { KIOSK_OWNER_DID: didOf(owner) } });
    try {
      const early = await signedIn(server, TestWallet.random());
      expect(roles((await early.request('/api/session')).body.user)).toEqual(['member']);
      const named = await signedIn(server, owner);
      expect(roles((await named.request('/api/session')).body.user)).toEqual(['member', 'owner']);
    } finally {
      await server.close();
    }
  });

  it('lets owners grant admin, admins grant developer but not admin, and keeps the last owner', async () => {
    const server = await startTestServer(engine);
    try {
      const [ownerW, adminW, devW] = [TestWallet.random(), TestWallet.random(), TestWallet.random()];
      const owner = await signedIn(server, ownerW);
      const admin = await signedIn(server, adminW);
      const dev = await signedIn(server, devW);

      expect(
        (
          await owner.request('/api/passports', {
            method: 'POST',
            body: { did: didOf(adminW), role: 'admin' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await admin.request('/api/passports', {
            method: 'POST',
            body: { did: didOf(devW), role: 'developer' },
          })
        ).status,
      ).toBe(201);
      const refused = await admin.request('/api/passports', {
        method: 'POST',
        body: { did: didOf(devW), role: 'admin' },
      });
      expect(refused.status).toBe(403);
      expect(roles((await dev.request('/api/session')).body.user)).toEqual(['developer', 'member']);
      expect((await dev.request('/api/users')).status).toBe(403);

      const ownerPassport = (await owner.request('/api/session')).body.user.passports.find(
        (p: { role: string }) => p.role === 'owner',
      );
      const last = await owner.request(`/api/passports/${ownerPassport.id}`, { method: 'DELETE' });
      expect(last.status).toBe(409);
      expect(last.body.code).toBe('LAST_OWNER');

      const devPassport = (await dev.request('/api/session')).body.user.passports.find(
        (p: { role: string }) => p.role === 'developer',
      );
      expect((await admin.request(`/api/passports/${devPassport.id}`, { method: 'DELETE' })).status).toBe(
        204,
      );
      expect(roles((await dev.request('/api/session')).body.user)).toEqual(['member']);
    } finally {
      await server.close();
    }
  });

  it('shows an API key secret once, stores only its hash, selects livemode and stops it on revoke', async () => {
    const server = await startTestServer(engine);
    try {
      const owner = await signedIn(server, TestWallet.random());
      const created = await owner.request('/api/api-keys', {
        method: 'POST',
        body: { name: 'shop back end', livemode: false },
      });
      expect(created.status).toBe(201);
      const { secret, id } = created.body;
      expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);

      const listed = (await owner.request('/api/api-keys')).body;
      expect(listed.count).toBe(1);
      expect(JSON.stringify(listed)).not.toContain(secret);
      const stored = await server.app.kiosk.database.db.selectFrom('api_keys').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(secret);
      expect(stored[0]?.secret_hash).toBe(sha256(secret));

      const machine = cookieClient(server.url);
      const who = await machine.request('/api/whoami?livemode=true', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(who.body).toMatchObject({ kind: 'apiKey', livemode: false });

      const live = (
        await owner.request('/api/api-keys', { method: 'POST', body: { name: 'live', livemode: true } })
      ).body;
      expect(live.secret).toMatch(/^sk_live_/);
      expect(
        (await machine.request('/api/whoami', { headers: { authorization: `Bearer ${live.secret}` } })).body
          .livemode,
      ).toBe(true);

      expect((await owner.request(`/api/api-keys/${id}`, { method: 'DELETE' })).status).toBe(204);
      const revoked = await machine.request('/api/whoami', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(revoked.status).toBe(401);
      expect(revoked.body.code).toBe('INVALID_API_KEY');
    } finally {
      await server.close();
    }
  });

  it('records who created and revoked each API key and passport, never a secret', async () => {
    const server = await startTestServer(engine);
    try {
      const ownerWallet = TestWallet.random();
      const owner = await signedIn(server, ownerWallet);
      const memberWallet = TestWallet.random();
      await signedIn(server, memberWallet);
      const events = async (objectId: string) =>
        server.app.kiosk.database.db
          .selectFrom('events')
          .select(['type', 'object_type', 'data'])
          .where('object_id', '=', objectId)
          .orderBy('id')
          .execute();

      const key = (
        await owner.request('/api/api-keys', { method: 'POST', body: { name: 'audit', livemode: false } })
      ).body;
      await owner.request(`/api/api-keys/${key.id}`, { method: 'DELETE' });
      const keyEvents = await events(key.id);
      expect(keyEvents.map((e) => [e.type, e.object_type])).toEqual([
        ['api_key.created', 'api_key'],
        ['api_key.revoked', 'api_key'],
      ]);
      expect(JSON.parse(keyEvents[0]!.data)).toMatchObject({ name: 'audit', created_by: didOf(ownerWallet) });
      expect(JSON.parse(keyEvents[1]!.data)).toMatchObject({ revoked_by: didOf(ownerWallet) });
      expect(JSON.stringify(keyEvents)).not.toContain(key.secret);
      expect(JSON.stringify(keyEvents)).not.toContain(sha256(key.secret));

      const passport = (
        await owner.request('/api/passports', {
          method: 'POST',
          body: { did: didOf(memberWallet), role: 'developer' },
        })
      ).body;
      await owner.request(`/api/passports/${passport.id}`, { method: 'DELETE' });
      expect(
        (await events(passport.id)).map((e) => [
          e.type,
          JSON.parse(e.data).issued_by,
          JSON.parse(e.data).revoked_by,
        ]),
      ).toEqual([
        ['passport.created', didOf(ownerWallet), null],
        ['passport.revoked', didOf(ownerWallet), didOf(ownerWallet)],
      ]);
    } finally {
      await server.close();
    }
  });

  it('mints authTokens for one customer in the key mode, and refuses tampered ones', async () => {
    const server = await startTestServer(engine);
    try {
      const owner = await signedIn(server, TestWallet.random());
      const { secret } = (
        await owner.request('/api/api-keys', { method: 'POST', body: { name: 'k', livemode: false } })
      ).body;
      const customer = didOf(TestWallet.random());
      const machine = cookieClient(server.url);
      const minted = await machine.request('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: customer },
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(minted.status).toBe(201);
      expect(minted.body.livemode).toBe(false);
      const { token } = minted.body;

      const host = cookieClient(server.url);
      expect((await host.request(`/api/whoami?authToken=${token}`)).body).toMatchObject({
        kind: 'authToken',
        did: customer,
        livemode: false,
      });
      expect((await host.request('/api/whoami', { headers: { 'x-auth-token': token } })).body.did).toBe(
        customer,
      );

      const [payload, mac] = token.slice(3).split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...claims, sub: didOf(TestWallet.random()) }),
      ).toString('base64url');
      const forged = await host.request(`/api/whoami?authToken=at_${forgedPayload}.${mac}`);
      expect(forged.status).toBe(401);
      expect(forged.body.code).toBe('INVALID_AUTH_TOKEN');

      expect(
        (await host.request('/api/auth-tokens', { method: 'POST', body: { customer_did: customer } })).status,
      ).toBe(401);
    } finally {
      await server.close();
    }
  });
});
