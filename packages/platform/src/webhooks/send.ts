import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertOutsideTransaction } from '@kiosk/db';
import { guardedLookup, literalRefusal } from './url-guard.ts';

/** What a receiver has to answer within, as Stripe's. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The start of an answer kept in the delivery log. */
export const EXCERPT_BYTES = 1024;

/** Stripe's scheme: `t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed with the whole secret>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export interface SendOutcome {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  excerpt: string | null;
  /** Why no 2xx came: `HTTP_500`, `TIMEOUT`, `ECONNREFUSED`, `WEBHOOK_URL_PRIVATE` … */
  error: string | null;
}

/**
 * POSTs `body` to `url` with the signature: a 2xx within the timeout is delivered, anything else
 * (another status, a redirect, no answer) is not. Never inside a transaction.
 */
export async function postWebhook(
  url: string,
  body: string,
  signature: string,
  allowPrivate: boolean,
): Promise<SendOutcome> {
  assertOutsideTransaction('a webhook delivery');
  const started = performance.now();
  const done = (outcome: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const literal = literalRefusal(url, allowPrivate);
  if (literal)
    return done({ ok: false, httpStatus: null, excerpt: null, error: `WEBHOOK_URL_PRIVATE ${literal}` });
  try {
    const response = await send(url, body, signature, allowPrivate);
    const ok = response.status >= 200 && response.status < 300;
    return done({
      ok,
      httpStatus: response.status,
      excerpt: response.excerpt,
      error: ok ? null : `HTTP_${response.status}`,
    });
  } catch (error) {
    return done({ ok: false, httpStatus: null, excerpt: null, error: reasonOf(error) });
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
    return 'TIMEOUT';
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'WEBHOOK_URL_PRIVATE') return (error as Error).message;
  return code ?? (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

function send(
  url: string,
  body: string,
  signature: string,
  allowPrivate: boolean,
): Promise<{ status: number; excerpt: string }> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Kiosk-Webhooks/1.0',
          'kiosk-signature': signature,
        },
        lookup: guardedLookup(allowPrivate) as never,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => readExcerpt(response).then(resolve, reject),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The answer's first kilobyte; the rest is not waited for. */
function readExcerpt(response: IncomingMessage): Promise<{ status: number; excerpt: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      // Streaming: a character cut at the kilobyte is left out, not replaced.
      const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES), {
        stream: true,
      });
      resolve({ status: response.statusCode ?? 0, excerpt: text });
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) {
        finish();
        response.destroy();
      }
    });
    response.on('end', finish);
    response.on('error', (error) => (size >= EXCERPT_BYTES ? undefined : reject(error)));
  });
}
