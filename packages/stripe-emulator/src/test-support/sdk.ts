import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from '../index.ts';

/** An emulator and the real SDK pointed at it, as Kiosk's server will use them. */
export async function emulatorWithSdk(options: StripeEmulatorOptions = {}) {
  const emulator = await startStripeEmulator(options);
  return { emulator, stripe: sdkFor(emulator, emulator.secretKey) };
}

export function sdkFor(emulator: StripeEmulator, key: string) {
  return new Stripe(key, { host: emulator.host, port: emulator.port, protocol: 'http' });
}

/** The SDK's error as tests read it: its fields, and the objects Stripe's error body carried. */
export type StripeFailure = Omit<InstanceType<typeof Stripe.errors.StripeError>, 'raw'> & {
  raw: { payment_intent: Stripe.PaymentIntent; setup_intent: Stripe.SetupIntent };
};

/** What a promise rejects with (the SDK's typed errors), failing when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<StripeFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error as StripeFailure;
    throw error;
  }
  throw new Error('expected a rejection');
}

export interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A webhook receiver whose answers the test chooses (200 unless `statuses` says otherwise). */
export async function webhookReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    /** The next answers, in order. */
    statuses,
    types: () => received.map((r) => (JSON.parse(r.body) as { type: string }).type),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
