import type { WebhookEvent } from '@kiosk/contracts';

/**
 * Checks a Kiosk webhook as it arrived, Stripe's way: the `Kiosk-Signature` header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed with the endpoint's whsec_ secret>`.
 * Pass the body exactly as received (the raw text or bytes, before any JSON parsing: a re-serialised
 * body no longer matches). Web Crypto makes it work in Node and browsers alike, hence a promise; the
 * comparison is the platform's HMAC verify, which takes the same time however much matches.
 */

export type WebhookVerificationReason =
  'MISSING_SIGNATURE' | 'MALFORMED_SIGNATURE' | 'BAD_SIGNATURE' | 'TOO_OLD' | 'MALFORMED_BODY';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array | undefined {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function parseHeader(header: string | null | undefined): { t: number; v1: Uint8Array[] } {
  if (!header) throw new WebhookVerificationError('MISSING_SIGNATURE', 'No Kiosk-Signature header');
  let t: number | undefined;
  const v1: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (name === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (name === 'v1') {
      const bytes = hexBytes(value);
      if (bytes?.length === 32) v1.push(bytes);
    }
  }
  if (t === undefined || v1.length === 0)
    throw new WebhookVerificationError(
      'MALFORMED_SIGNATURE',
      'The Kiosk-Signature header has no timestamp (t=) or no v1 signature',
    );
  return { t, v1 };
}

/**
 * The event the webhook carries, once its signature is valid and its timestamp is at most
 * `toleranceSeconds` old (0: not checked); otherwise a WebhookVerificationError saying which.
 * `nowSeconds` is the receiver's clock (unix seconds), the wall clock unless given.
 */
export async function verifyWebhook<T = unknown>(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<WebhookEvent<T>> {
  const { t, v1 } = parseHeader(header);
  const bodyBytes = typeof body === 'string' ? encoder.encode(body) : body;
  const signed = new Uint8Array([...encoder.encode(`${t}.`), ...bodyBytes]);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  let valid = false;
  for (const signature of v1)
    if (await crypto.subtle.verify('HMAC', key, signature as Uint8Array<ArrayBuffer>, signed)) valid = true;
  if (!valid)
    throw new WebhookVerificationError(
      'BAD_SIGNATURE',
      'No signature matches this body and secret (was the body changed, or parsed and serialised again?)',
    );
  if (toleranceSeconds > 0 && nowSeconds - t > toleranceSeconds)
    throw new WebhookVerificationError(
      'TOO_OLD',
      `The webhook was signed ${nowSeconds - t} s ago, more than the ${toleranceSeconds} s allowed`,
    );
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError('MALFORMED_BODY', 'The webhook body is not JSON');
  }
}
