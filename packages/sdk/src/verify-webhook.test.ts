import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookVerificationError } from '@kiosk/sdk';
import { merchantOf, startTestServer, testEngines, until, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What the receiver was sent: the body as it came over the wire, and its signature header. */
interface Received {
  raw: Buffer;
  signature: string;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

/**
 * verifyWebhook against deliveries of the real server (a receiver on this machine, as a merchant's
 * back end would run it): a delivered event verifies with the endpoint's secret, and a changed body,
 * another secret, an old timestamp or a missing header do not.
 */
describe.each(await testEngines())('verifyWebhook on deliveries of a server on %s', (engine) => {
  let server: TestServer;
  let receiverServer: Server;
  const received: Received[] = [];
  let secret: string;
  let productId: string;

  beforeAll(async () => {
    receiverServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ raw: Buffer.concat(chunks), signature: String(request.headers['kiosk-signature']) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
    const port = (receiverServer.address() as AddressInfo).port;
    server = await startTestServer(engine, { env: { KIOSK_WEBHOOKS_ALLOW_PRIVATE: '1' } });
    const merchant = await merchantOf(server);
    const endpoint = await merchant.test('/api/webhook-endpoints', {
      method: 'POST',
      body: { url: `http://127.0.0.1:${port}/kiosk`, enabled_events: ['product.created'] },
    });
    secret = endpoint.body.secret;
    productId = (await merchant.test('/api/products', { method: 'POST', body: { name: 'Signed 签名 mug' } }))
      .body.id;
    await until(
      async () => received.length,
      (count) => count > 0,
    );
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => receiverServer?.close(resolve));
  });

  it('answers the delivered event, from the raw bytes or their text', async () => {
    const [{ raw, signature }] = received as [Received];
    const event = await verifyWebhook<{ id: string; name: string }>(raw, signature, secret);
    expect(event).toMatchObject({
      type: 'product.created',
      livemode: false,
      object_id: productId,
      data: { id: productId, name: 'Signed 签名 mug' },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(await verifyWebhook(raw.toString('utf8'), signature, secret)).toEqual(event);
  });

  it('refuses a tampered body, another secret, a missing or malformed header', async () => {
    const [{ raw, signature }] = received as [Received];
    const tampered = raw.toString('utf8').replace('Signed', 'Sighed');
    expect(await refusal(verifyWebhook(tampered, signature, secret))).toBe('BAD_SIGNATURE');
    // Parsed and serialised again, the bytes differ (spacing, key order …) even if the event does not.
    const reserialised = JSON.stringify(JSON.parse(raw.toString('utf8')), null, 1);
    expect(await refusal(verifyWebhook(reserialised, signature, secret))).toBe('BAD_SIGNATURE');
    expect(await refusal(verifyWebhook(raw, signature, 'whsec_another'))).toBe('BAD_SIGNATURE');
    expect(await refusal(verifyWebhook(raw, undefined, secret))).toBe('MISSING_SIGNATURE');
    expect(await refusal(verifyWebhook(raw, 'v1=abc', secret))).toBe('MALFORMED_SIGNATURE');
  });

  it('refuses a signature older than the tolerance, and takes one within it', async () => {
    const [{ raw, signature }] = received as [Received];
    const t = Number(/t=(\d+)/.exec(signature)![1]);
    expect(await refusal(verifyWebhook(raw, signature, secret, 300, t + 301))).toBe('TOO_OLD');
    await expect(verifyWebhook(raw, signature, secret, 300, t + 300)).resolves.toMatchObject({
      object_id: productId,
    });
    // Tolerance 0 checks no time at all (a replayed message is then the receiver's to catch).
    await expect(verifyWebhook(raw, signature, secret, 0, t + 10_000)).resolves.toBeDefined();
  });

  it('takes any of several v1 signatures, as during a secret change', async () => {
    const [{ raw }] = received as [Received];
    const t = Math.floor(Date.now() / 1000);
    const sign = (key: string) => createHmac('sha256', key).update(`${t}.`).update(raw).digest('hex');
    const header = `t=${t},v1=${sign('whsec_old')},v1=${sign(secret)}`;
    await expect(verifyWebhook(raw, header, secret)).resolves.toMatchObject({ object_id: productId });
  });
});
