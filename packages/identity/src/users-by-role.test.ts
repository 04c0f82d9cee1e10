import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `GET /api/users?role=…` (issue 12 item 8): the admins' console lists its developers, the users
 * holding a live passport of the role, the newest passport first.
 */

type Client = Awaited<ReturnType<typeof signedIn>>;
interface ListedUser {
  did: string;
  passports: { id: string; role: string; issued_at: number }[];
}

const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const dids = (body: { list: ListedUser[] }) => body.list.map((user) => user.did);

describe.each(await testEngines())('users by role on %s', (engine) => {
  let server: TestServer;
  let clock: TestClock;
  let owner: Client;

  async function newUser(): Promise<{ client: Client; did: string }> {
    const wallet = TestWallet.random();
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }

  async function grant(did: string, role: string): Promise<{ id: string; issued_at: number }> {
    const granted = await owner.request('/api/passports', { method: 'POST', body: { did, role } });
    expect(granted.status).toBe(201);
    return granted.body;
  }

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    owner = await signedIn(server, TestWallet.random());
  });
  afterAll(() => server?.close());

  it('lists only the holders of a live passport of the role, newest passport first, with their count', async () => {
    const early = await newUser();
    const late = await newUser();
    const member = await newUser();
    // The later user becomes a developer first: the order is the passport's, not the sign-in's.
    const latePassport = await grant(late.did, 'developer');
    clock.advance({ seconds: 10 });
    const earlyPassport = await grant(early.did, 'developer');
    expect(earlyPassport.issued_at).toBe(latePassport.issued_at + 10);

    const developers = await owner.request('/api/users?role=developer');
    expect(developers.status).toBe(200);
    expect(dids(developers.body)).toEqual([early.did, late.did]);
    expect(developers.body.count).toBe(2);
    // Each listed user comes whole, with the passport the console shows as "developer since".
    const listedEarly = developers.body.list[0] as ListedUser;
    expect(listedEarly.passports.find((p) => p.role === 'developer')).toEqual({
      id: earlyPassport.id,
      role: 'developer',
      issued_at: earlyPassport.issued_at,
    });

    const secondPage = await owner.request('/api/users?role=developer&page=2&pageSize=1');
    expect(dids(secondPage.body)).toEqual([late.did]);
    expect(secondPage.body.count).toBe(2);

    const owners = await owner.request('/api/users?role=owner');
    expect(owners.body.list).toHaveLength(1);
    expect(owners.body.count).toBe(1);
    expect(dids(owners.body)).not.toContain(member.did);

    // Without a role every user is listed, developers or not.
    const everyone = await owner.request('/api/users?pageSize=100');
    expect(everyone.body.count).toBe(4);
    expect(dids(everyone.body)).toEqual(expect.arrayContaining([early.did, late.did, member.did]));
  });

  it('drops a user whose passport is revoked, and lists them once when granted again', async () => {
    const dev = await newUser();
    const passport = await grant(dev.did, 'developer');
    expect(dids((await owner.request('/api/users?role=developer&pageSize=100')).body)).toContain(dev.did);

    const revoked = await owner.request(`/api/passports/${passport.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    const after = (await owner.request('/api/users?role=developer&pageSize=100')).body;
    expect(dids(after)).not.toContain(dev.did);
    expect(after.count).toBe(after.list.length);
    // Still a user (a member) of the instance.
    expect(dids((await owner.request('/api/users?role=member&pageSize=100')).body)).toContain(dev.did);

    clock.advance({ seconds: 10 });
    await grant(dev.did, 'developer');
    const again = (await owner.request('/api/users?role=developer&pageSize=100')).body;
    expect(dids(again).filter((did) => did === dev.did)).toHaveLength(1);
    expect(dids(again)[0]).toBe(dev.did);
    expect(again.count).toBe(again.list.length);
  });

  it('refuses a role that does not exist, and callers who are not admins', async () => {
    const bad = await owner.request('/api/users?role=superuser');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details.map((detail: { path: string }) => detail.path)).toEqual(['querystring.role']);

    const { client } = await newUser();
    expect((await client.request('/api/users?role=developer')).status).toBe(403);
  });
});
