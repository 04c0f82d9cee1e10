import { merchantOf, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { TestClock } from '@kiosk/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Idempotency-Key on a write: stored with the work in one transaction, replayed for a repeat, refused
 * for another request, forgotten after 24 hours. (Every write route's replay: idempotency-walk.test.ts.)
 */
describe.each(await testEngines())('Idempotency-Key on %s', (engine) => {
  const clock = new TestClock();
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
  });
  afterAll(() => server?.close());

  const products = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from products`.execute(server.app.kiosk.database.db))
        .rows[0]!.n,
    );
  const create = (name: string, key: string) =>
    merchant.test('/api/products', { method: 'POST', body: { name }, headers: { 'idempotency-key': key } });

  it('leaves neither the work nor the key when storing the answer fails, so a retry runs once', async () => {
    const db = server.app.kiosk.database.db;
    // The crash: the database refuses to store the answer after the work is done.
    if (engine === 'postgres') {
      await sql`create function crash() returns trigger language plpgsql as $$ begin raise exception 'crash'; end $$`.execute(
        db,
      );
      await sql`create trigger crash before update on idempotency_keys for each row execute function crash()`.execute(
        db,
      );
    } else {
      await sql`create trigger crash before update on idempotency_keys begin select raise(abort, 'crash'); end`.execute(
        db,
      );
    }
    const before = await products();
    const crashed = await create('Crash test', 'crash-1');
    expect(crashed.status).toBe(500);
    expect(await products()).toBe(before);

    await sql`drop trigger crash${sql.raw(engine === 'postgres' ? ' on idempotency_keys' : '')}`.execute(db);
    const retried = await create('Crash test', 'crash-1');
    expect(retried.status).toBe(201);
    const replayed = await create('Crash test', 'crash-1');
    expect(replayed.body.id).toBe(retried.body.id);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await products()).toBe(before + 1);
  });

  it('answers a reuse of the key for another request with 422, in the caller’s language', async () => {
    await create('First', 'reuse-1');
    const other = await merchant.test('/api/products?locale=zh', {
      method: 'POST',
      body: { name: 'Second' },
      headers: { 'idempotency-key': 'reuse-1' },
    });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: '该 Idempotency-Key 已用于另一个不同的请求',
    });
    // The language a retry asks in is not part of the request.
    expect(
      (
        await merchant.test('/api/products?locale=zh', {
          method: 'POST',
          body: { name: 'First' },
          headers: { 'idempotency-key': 'reuse-1' },
        })
      ).status,
    ).toBe(201);
  });

  it('frees the key of a refused request, and keeps it for 24 hours after a done one', async () => {
    const refused = await merchant.test('/api/prices', {
      method: 'POST',
      body: { product_id: 'prod_nosuchproduct', currency_id: 'pc_x' },
      headers: { 'idempotency-key': 'refused-1' },
    });
    expect(refused.status).toBe(404);
    expect((await create('After a refusal', 'refused-1')).status).toBe(201);

    const before = await products();
    const first = await create('Daily', 'daily-1');
    clock.advance({ seconds: 24 * 60 * 60 - 10 });
    expect((await create('Daily', 'daily-1')).body.id).toBe(first.body.id);
    clock.advance({ seconds: 20 });
    const nextDay = await create('Daily', 'daily-1');
    expect(nextDay.body.id).not.toBe(first.body.id);
    expect(await products()).toBe(before + 2);
  });

  it('refuses a key on a route whose answer holds a secret shown once', async () => {
    const refused = await merchant.owner.request('/api/api-keys', {
      method: 'POST',
      body: { name: 'replayed?', livemode: false },
      headers: { 'idempotency-key': 'secret-1' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('IDEMPOTENCY_NOT_SUPPORTED');
  });
});
