import { createHmac } from 'node:crypto';
import { typeMatches, type StripeEvent } from './events.ts';
import type { WebhookEndpoint } from './webhooks.ts';

export interface DeliveryRecord {
  event: string;
  endpoint: string;
  status: number | 'error';
  attempt: number;
}

interface Pending {
  event: StripeEvent;
  /** The body is fixed when the event is made; each attempt signs it anew with its own time. */
  body: string;
  attempt: number;
}

const MAX_ATTEMPTS = 8;
const TIMEOUT_MS = 10_000;

/** `t={unix},v1={HMAC-SHA256 of "{t}.{body}"}`: what stripe.webhooks.constructEvent verifies. */
export function signatureHeader(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Sends each event to the endpoints that subscribe to it, outside the request that made it, one at a
 * time per endpoint in the order made; a failed attempt is retried after retryBaseMs, ×2 each time, up
 * to 8 attempts. While held, events wait in their queues.
 */
export class Deliveries {
  readonly log: DeliveryRecord[] = [];
  private readonly queues = new Map<string, Pending[]>();
  private readonly running = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stop = new AbortController();
  private held = false;

  constructor(
    private readonly endpoints: ReadonlyMap<string, WebhookEndpoint>,
    private readonly retryBaseMs: number,
  ) {}

  /** Queues the event for the endpoints that subscribe to it, and counts them in its pending_webhooks. */
  enqueue(event: StripeEvent) {
    const endpoints = [...this.endpoints.values()].filter(
      (endpoint) =>
        endpoint.status === 'enabled' &&
        endpoint.enabled_events.some((pattern) => typeMatches(pattern, event.type)),
    );
    event.pending_webhooks = endpoints.length;
    const body = JSON.stringify(event, null, 2);
    for (const endpoint of endpoints) {
      const queue = this.queues.get(endpoint.id) ?? [];
      queue.push({ event, body, attempt: 0 });
      this.queues.set(endpoint.id, queue);
      this.kick(endpoint.id);
    }
  }

  hold(held: boolean) {
    this.held = held;
    if (!held) for (const id of this.queues.keys()) this.kick(id);
  }

  /** A deleted or disabled endpoint is sent nothing more. */
  forget(endpointId: string) {
    this.queues.delete(endpointId);
  }

  close() {
    this.stop.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queues.clear();
  }

  private kick(endpointId: string) {
    if (this.held || this.stop.signal.aborted || this.running.has(endpointId)) return;
    this.running.add(endpointId);
    void this.drain(endpointId).finally(() => this.running.delete(endpointId));
  }

  private async drain(endpointId: string) {
    // Never inside the API request: its answer is written first.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.held && !this.stop.signal.aborted) {
      const queue = this.queues.get(endpointId);
      const pending = queue?.[0];
      const endpoint = this.endpoints.get(endpointId);
      if (!queue || !pending || !endpoint) return;
      pending.attempt++;
      const status = await this.post(endpoint, pending.body);
      if (this.stop.signal.aborted) return;
      this.log.push({ event: pending.event.id, endpoint: endpointId, status, attempt: pending.attempt });
      const delivered = typeof status === 'number' && status >= 200 && status < 300;
      if (delivered) pending.event.pending_webhooks = Math.max(0, pending.event.pending_webhooks - 1);
      if (delivered || pending.attempt >= MAX_ATTEMPTS) {
        queue.shift();
        if (queue.length === 0) this.queues.delete(endpointId);
        continue;
      }
      await this.wait(this.retryBaseMs * 2 ** (pending.attempt - 1));
    }
  }

  private async post(endpoint: WebhookEndpoint, body: string): Promise<number | 'error'> {
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(endpoint.secret, body),
        },
        body,
        signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return 'error';
    }
  }

  private wait(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
