import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, until, type TestServer } from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../clock.ts';
import { eventsOf } from '../events/outbox.ts';
import { postWebhook } from './send.ts';
import { isPrivateAddress } from './url-guard.ts';

/** A receiver on this machine: answers `status`, or drops the connection while `down`. */
async function startReceiver() {
  const received: { body: string; signature: string; answered: number | null }[] = [];
  const state = { down: false, status: 200 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const signature = String(request.headers['kiosk-signature'] ?? '');
      if (state.down) {
        received.push({ body, signature, answered: null });
        request.socket.destroy();
        return;
      }
      received.push({ body, signature, answered: state.status });
      response.writeHead(state.status, { 'content-type': 'text/plain' }).end(`seen ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  /** The event ids that got a 2xx answer, each as often as it got one. */
  const delivered = () =>
    received
      .filter((r) => r.answered !== null && r.answered < 300)
      .map((r) => (JSON.parse(r.body) as { id: string }).id);
  return { url, received, state, delivered, close: () => new Promise((r) => server.close(r)) };
}

describe('a webhook address', () => {
  it('is private on loopback, private, link-local, mapped and unique-local networks, public elsewhere', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1'])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: true });
    for (const address of ['::ffff:7f00:1', 'fd00::1', 'fe80::1', '0.0.0.0', '100.64.0.1', 'not-an-ip'])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: true });
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: false });
  });
});

describe('a delivery to a private address', () => {
  it('is refused at connect time, by literal address or by name, unless allowed', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      for (const url of [receiver.url, `http://localhost:${port}/hooks`]) {
        const refused = await postWebhook(url, '{}', 't=1,v1=00', false);
        expect({ url, ok: refused.ok, error: refused.error }).toEqual({
          url,
          ok: false,
          error: expect.stringMatching(/^WEBHOOK_URL_PRIVATE (127\.0\.0\.1|::1)$/),
        });
      }
      expect(receiver.received).toEqual([]);
      const allowed = await postWebhook(`http://localhost:${port}/hooks`, '{}', 't=1,v1=00', true);
      expect(allowed).toMatchObject({ ok: true, httpStatus: 200, error: null });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe.each(await testEngines())('webhooks on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = new TestClock();
  const logs: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {
      clock,
      env: { KIOSK_WEBHOOKS_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => logs.push(line) },
    });
    merchant = await merchantOf(server);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  /**
   * Every event is fanned out, no job is running or due, no schedule is due: what the present moment
   * of the test clock asks is done.
   */
  async function settled() {
    const db = server.app.kiosk.database.db as Kysely<{
      jobs: { status: string; run_at: number };
      job_schedules: { next_run_at: number };
      events: { id: string; created_at: number; webhooked_at: number | null };
      webhook_endpoints: { enabled_at: number; disabled: boolean };
    }>;
    const now = clock.nowMs();
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    const due = async () =>
      (await count(
        db
          .selectFrom('events')
          .select('id')
          .where('webhooked_at', 'is', null)
          .where('created_at', '>=', (eb) =>
            eb
              .selectFrom('webhook_endpoints')
              .select((e) => e.fn.min('enabled_at').as('since'))
              .where('disabled', '=', false),
          ),
      )) +
      (await count(
        db
          .selectFrom('jobs')
          .select('status')
          .where((eb) =>
            eb.or([
              eb('status', '=', 'running'),
              eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            ]),
          ),
      )) +
      (await count(db.selectFrom('job_schedules').select('next_run_at').where('next_run_at', '<=', now)));
    await until(due, (count) => count === 0);
  }
  /** Moves the test clock in steps, letting the server do what each step makes due. */
  async function advance(totalSeconds: number, stepSeconds: number, stop?: () => Promise<boolean>) {
    for (let passed = 0; passed < totalSeconds; passed += stepSeconds) {
      clock.advance({ seconds: stepSeconds });
      await settled();
      if (stop && (await stop())) return;
    }
  }
  const product = async (name: string) =>
    (await merchant.test('/api/products', { method: 'POST', body: { name } })).body.id as string;
  const deliveries = async (endpointId: string) =>
    (await merchant.test(`/api/webhook-endpoints/${endpointId}/deliveries?pageSize=100`)).body.list as {
      id: string;
      event_id: string;
      status: string;
      attempt: number;
      http_status: number | null;
      response_excerpt: string | null;
      next_retry_at: number | null;
    }[];
  async function endpoint(enabled_events: string[], url = receiver.url) {
    const created = await merchant.test('/api/webhook-endpoints', {
      method: 'POST',
      body: { url, enabled_events, description: 'orders' },
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; secret: string };
  }

  it('shows the secret on create and on roll only, never in a list, a retrieve or an event', async () => {
    const created = await endpoint(['product.created']);
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const listed = await merchant.test('/api/webhook-endpoints');
    const got = await merchant.test(`/api/webhook-endpoints/${created.id}`);
    expect(got.body).toMatchObject({ id: created.id, livemode: false, enabled_events: ['product.created'] });
    const rolled = await merchant.test(`/api/webhook-endpoints/${created.id}/roll-secret`, {
      method: 'POST',
    });
    expect(rolled.body.secret).toMatch(/^whsec_/);
    expect(rolled.body.secret).not.toBe(created.secret);
    const events = await eventsOf(server.app.kiosk.database, created.id);
    expect(events.map((e) => e.type)).toEqual(['webhook_endpoint.created', 'webhook_endpoint.updated']);
    for (const text of [JSON.stringify(listed.body), JSON.stringify(got.body), JSON.stringify(events)]) {
      expect(text).not.toContain(created.secret);
      expect(text).not.toContain(rolled.body.secret);
    }
    // Live mode does not see a test-mode endpoint; a signed-in user without a role may not look.
    expect((await merchant.live(`/api/webhook-endpoints/${created.id}`)).status).toBe(404);
    const stranger = await signedIn(server, TestWallet.random());
    expect((await stranger.request('/api/webhook-endpoints?livemode=false')).status).toBe(403);
    await merchant.test(`/api/webhook-endpoints/${created.id}`, { method: 'DELETE' });
  });

  it('refuses bad event patterns, other schemes and URLs with credentials, in en and zh', async () => {
    const bad = await merchant.test('/api/webhook-endpoints', {
      method: 'POST',
      body: { url: 'ftp://example.com/x', enabled_events: ['charge.**', 'invoice.paid'] },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.url', message: 'Must be an http:// or https:// web address' },
        {
          path: 'body.enabled_events.0',
          message: 'Must be *, an event type such as invoice.paid, or a group such as charge.*',
        },
      ]),
    );
    const zh = await merchant.test('/api/webhook-endpoints?locale=zh', {
      method: 'POST',
      body: { url: 'ftp://example.com/x', enabled_events: ['*'] },
    });
    expect(zh.body.details).toEqual([{ path: 'body.url', message: '必须是 http:// 或 https:// 网页地址' }]);
    const credentials = await merchant.test('/api/webhook-endpoints?locale=zh', {
      method: 'POST',
      body: { url: 'http://user:pw@127.0.0.1/x', enabled_events: ['*'] },
    });
    expect(credentials.status).toBe(400);
    expect(credentials.body).toMatchObject({
      code: 'WEBHOOK_URL_CREDENTIALS',
      error: 'Webhook 地址中不能包含用户名或密码',
    });
  });

  it('delivers every event once after the receiver was down six hours, each signed, none twice', async () => {
    const hook = await endpoint(['product.*']);
    const other = await endpoint(['price.created']);
    receiver.state.down = true;
    const early = await product('Early');
    await advance(3 * 3600, 600);
    const late = await product('Late');
    await advance(3 * 3600, 600);
    const ids = (await deliveries(hook.id)).map((d) => d.event_id);
    expect(ids).toHaveLength(2);
    expect(receiver.delivered()).toEqual([]);
    const failed = (await deliveries(hook.id))[1]!;
    expect(failed).toMatchObject({ status: 'pending', http_status: null });
    expect(failed.attempt).toBeGreaterThan(5);
    expect(failed.next_retry_at).toBeGreaterThan(clock.nowUnix());

    receiver.state.down = false;
    const allDone = async () => (await deliveries(hook.id)).every((d) => d.status === 'succeeded');
    await advance(6 * 3600, 1800, allDone);
    expect(await allDone()).toBe(true);
    // A day later nothing more came: what was answered 2xx is never sent again.
    await advance(24 * 3600, 3 * 3600);
    expect(receiver.delivered().sort()).toEqual([...ids].sort());
    const bodies = receiver.received.filter((r) => r.answered === 200);
    const objects = bodies.map((r) => (JSON.parse(r.body) as { object_id: string }).object_id);
    expect(objects.sort()).toEqual([early, late].sort());
    for (const { body, signature } of bodies) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
      expect(createHmac('sha256', hook.secret).update(`${t}.${body}`).digest('hex')).toBe(v1);
    }
    const done = (await deliveries(hook.id))[0]!;
    expect(done).toMatchObject({ status: 'succeeded', http_status: 200, next_retry_at: null });
    expect(Buffer.byteLength(done.response_excerpt!)).toBeLessThanOrEqual(1024);
    expect(await deliveries(other.id)).toEqual([]);
    await merchant.test(`/api/webhook-endpoints/${other.id}`, { method: 'DELETE' });
    await merchant.test(`/api/webhook-endpoints/${hook.id}`, { method: 'DELETE' });
  });

  it('resends a delivery that succeeded, once more', async () => {
    const hook = await endpoint(['product.created']);
    const id = await product('Resent');
    await advance(5, 1, async () => (await deliveries(hook.id))[0]?.status === 'succeeded');
    const [delivery] = await deliveries(hook.id);
    const resent = await merchant.test(`/api/webhook-deliveries/${delivery!.id}/resend`, { method: 'POST' });
    expect(resent.body).toMatchObject({ id: delivery!.id, status: 'pending' });
    await settled();
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'succeeded', attempt: 2 });
    const sent = receiver.received.filter((r) => r.body.includes(id));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toBe(sent[1]!.body);
    expect(
      (await merchant.live(`/api/webhook-deliveries/${delivery!.id}/resend`, { method: 'POST' })).status,
    ).toBe(404);
    await merchant.test(`/api/webhook-endpoints/${hook.id}`, { method: 'DELETE' });
  });

  it('hears what happens while enabled: not before, nor while disabled', async () => {
    const created = await merchant.test('/api/webhook-endpoints', {
      method: 'POST',
      body: { url: receiver.url, enabled_events: ['product.created'], disabled: true },
    });
    const hook = created.body as { id: string };
    await product('Unheard');
    await advance(5, 1);
    expect(await deliveries(hook.id)).toEqual([]);
    const enabled = await merchant.test(`/api/webhook-endpoints/${hook.id}`, {
      method: 'PUT',
      body: { disabled: false },
    });
    expect(enabled.body).toMatchObject({ disabled: false });
    const heard = await product('Heard');
    await advance(5, 1, async () => (await deliveries(hook.id))[0]?.status === 'succeeded');
    const [only, ...more] = await deliveries(hook.id);
    expect(more).toEqual([]);
    const event = (await eventsOf(server.app.kiosk.database, heard)).find(
      (e) => e.type === 'product.created',
    );
    expect(only).toMatchObject({ event_id: event!.id, status: 'succeeded' });
    await merchant.test(`/api/webhook-endpoints/${hook.id}`, { method: 'DELETE' });
  });

  it('fails a delivery after three days of retries and disables its endpoint, with an event', async () => {
    const hook = await endpoint(['product.created']);
    receiver.state.status = 500;
    try {
      await product('Refused');
      await advance(4 * 24 * 3600, 4 * 3600);
    } finally {
      receiver.state.status = 200;
    }
    const [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', http_status: 500, next_retry_at: null });
    const got = (await merchant.test(`/api/webhook-endpoints/${hook.id}`)).body;
    expect(got).toMatchObject({ disabled: true });
    const events = await eventsOf(server.app.kiosk.database, hook.id);
    expect(events.at(-1)).toMatchObject({ type: 'webhook_endpoint.disabled', data: { disabled: true } });
    // The operator reads it in the log; the secret is not there.
    const told = logs.filter((line) => line.includes('webhook endpoint disabled'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(hook.id);
    expect(logs.join('')).not.toContain(hook.secret);
    const refused = await merchant.test(`/api/webhook-deliveries/${delivery!.id}/resend`, { method: 'POST' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'WEBHOOK_ENDPOINT_DISABLED' } });
    await merchant.test(`/api/webhook-endpoints/${hook.id}`, { method: 'DELETE' });
  });
});

describe.each(await testEngines())('webhook URLs on %s, private addresses not allowed', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
  });
  afterAll(async () => server?.close());

  it('refuses a URL on a loopback, private or link-local address at create and at update', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://169.254.169.254/',
    ])
      expect(
        (
          await merchant.test('/api/webhook-endpoints', {
            method: 'POST',
            body: { url, enabled_events: ['*'] },
          })
        ).body,
      ).toMatchObject({ code: 'WEBHOOK_URL_PRIVATE' });
    const zh = await merchant.test('/api/webhook-endpoints?locale=zh', {
      method: 'POST',
      body: { url: 'http://10.0.0.5/', enabled_events: ['*'] },
    });
    expect(zh).toMatchObject({ status: 400, body: { code: 'WEBHOOK_URL_PRIVATE' } });
    expect(zh.body.error).toContain('私有');
    const created = await merchant.test('/api/webhook-endpoints', {
      method: 'POST',
      body: { url: 'https://93.184.216.34/hooks', enabled_events: ['*'] },
    });
    expect(created.status).toBe(201);
    const moved = await merchant.test(`/api/webhook-endpoints/${created.body.id}`, {
      method: 'PUT',
      body: { url: 'http://192.168.1.10/hooks' },
    });
    expect(moved).toMatchObject({ status: 400, body: { code: 'WEBHOOK_URL_PRIVATE' } });
    expect((await merchant.test(`/api/webhook-endpoints/${created.body.id}`)).body.url).toBe(
      'https://93.184.216.34/hooks',
    );
  });
});
