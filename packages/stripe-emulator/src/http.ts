import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authError, invalidRequest, StripeApiError } from './errors.ts';
import { parseForm, type Params } from './form.ts';
import { stringList } from './params.ts';
import {
  type ApiCall,
  expand,
  matchRoute,
  type Method,
  type Reply,
  refuseUnknownParams,
  type Route,
} from './router.ts';
import { DEFAULT_API_VERSION, randomBase62, type Store } from './state.ts';

const MAX_BODY = 1 << 20;

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Stripe-Version, Stripe-Account, Idempotency-Key, X-Stripe-Client-User-Agent',
  'Access-Control-Expose-Headers': 'Request-Id, Idempotent-Replayed, Stripe-Version',
  'Access-Control-Max-Age': '600',
};

interface StoredAnswer {
  endpoint: string;
  params: string;
  requestId: string;
  status: number;
  body: string;
}

/** What one request is answered, before it is written. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function createApiServer(store: Store, routes: readonly Route[]): Server {
  // Keyed by API key and Idempotency-Key: Stripe scopes keys to the account's key.
  const idempotent = new Map<string, StoredAnswer>();
  return createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders).end();
      return;
    }
    readBody(req)
      .then((body) => write(res, answer(store, routes, idempotent, req, body)))
      .catch((error: unknown) => write(res, failure(error, 'req_' + randomBase62(14), DEFAULT_API_VERSION)));
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(invalidRequest('Request body too large.', { status: 413 }));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, answer: Answer) {
  if (res.headersSent) return;
  res.writeHead(answer.status, { ...corsHeaders, ...answer.headers }).end(answer.body);
}

// Synchronous from here on: between looking an Idempotency-Key up and storing its answer nothing else
// runs, so concurrent requests with one key make one object.
function answer(
  store: Store,
  routes: readonly Route[],
  idempotent: Map<string, StoredAnswer>,
  req: IncomingMessage,
  body: string,
): Answer {
  const requestId = 'req_' + randomBase62(14);
  const apiVersion = header(req, 'stripe-version') ?? DEFAULT_API_VERSION;
  try {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = (req.method ?? 'GET') as Method;
    const found = matchRoute(routes, method, url.pathname);
    if (!found) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      );
    }
    const params = parseForm(method === 'POST' ? body : url.search.slice(1));
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const call: ApiCall = {
      method,
      path: url.pathname,
      params,
      pathParams: found.pathParams,
      auth: found.route.access === 'open' ? null : authenticate(req, params, found.route),
      requestId,
      idempotencyKey,
      apiVersion,
    };
    const run = () => render(store, call, found.route, requestId, apiVersion);
    if (!idempotencyKey || !call.auth) return run();
    return once(idempotent, `${call.auth.key}\u0000${idempotencyKey}`, call, run);
  } catch (error) {
    return failure(error, requestId, apiVersion);
  }
}

function render(store: Store, call: ApiCall, route: Route, requestId: string, apiVersion: string): Answer {
  try {
    refuseUnknownParams(route, call);
    const reply: Reply = route.handle(call, store);
    const status = reply.status ?? 200;
    const base = { 'Request-Id': requestId, 'Stripe-Version': apiVersion };
    if ('html' in reply)
      return { status, headers: { ...base, 'Content-Type': 'text/html; charset=utf-8' }, body: reply.html };
    if ('script' in reply) {
      return {
        status,
        headers: { ...base, 'Content-Type': 'text/javascript; charset=utf-8' },
        body: reply.script,
      };
    }
    const paths = stringList(call.params, 'expand') ?? [];
    const json = paths.length > 0 ? expand(store, reply.json, paths) : reply.json;
    return {
      status,
      headers: { ...base, 'Content-Type': 'application/json' },
      body: JSON.stringify(json, null, 2),
    };
  } catch (error) {
    return failure(error, requestId, apiVersion);
  }
}

/** Same key, same request → the first answer again; same key, other request → idempotency_error. */
function once(store: Map<string, StoredAnswer>, key: string, call: ApiCall, run: () => Answer): Answer {
  if (call.idempotencyKey && call.idempotencyKey.length > 255) {
    throw invalidRequest('Idempotency-Key must be at most 255 characters long.', {
      param: 'Idempotency-Key',
    });
  }
  const endpoint = `${call.method} ${call.path}`;
  const params = canonical(call.params);
  const stored = store.get(key);
  if (stored) {
    if (stored.endpoint !== endpoint || stored.params !== params) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${call.idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    return {
      status: stored.status,
      headers: {
        'Content-Type': 'application/json',
        'Request-Id': call.requestId ?? '',
        'Idempotent-Replayed': 'true',
        'Original-Request': stored.requestId,
      },
      body: stored.body,
    };
  }
  const fresh = run();
  // Stripe keeps no answer for a refused key or its own failure: a retry runs again.
  if (fresh.status !== 401 && fresh.status < 500) {
    store.set(key, {
      endpoint,
      params,
      requestId: call.requestId ?? '',
      status: fresh.status,
      body: fresh.body,
    });
  }
  return fresh;
}

/** Parameters in a stable order, so that a replay with the same values in another order matches. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function authenticate(req: IncomingMessage, params: Params, route: Route): NonNullable<ApiCall['auth']> {
  const key = keyOf(req, params);
  if (key === undefined) {
    throw authError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const kind = key.startsWith('sk_test_') ? 'secret' : key.startsWith('pk_test_') ? 'publishable' : undefined;
  if (!kind || key.length < 12) throw authError(`Invalid API Key provided: ${redact(key)}`);
  if (kind === 'publishable' && route.access !== 'client') {
    throw authError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
  return { kind, key };
}

function keyOf(req: IncomingMessage, params: Params): string | undefined {
  const authorization = header(req, 'authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  if (authorization?.startsWith('Basic ')) {
    return Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')[0];
  }
  // Stripe.js sends the publishable key as a form field.
  return typeof params.key === 'string' ? params.key : undefined;
}

const redact = (key: string) =>
  key.length <= 12 ? key : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function failure(error: unknown, requestId: string, apiVersion: string): Answer {
  const headers = {
    'Content-Type': 'application/json',
    'Request-Id': requestId,
    'Stripe-Version': apiVersion,
  };
  if (error instanceof StripeApiError) {
    const body = {
      error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` },
    };
    return { status: error.status, headers, body: JSON.stringify(body, null, 2) };
  }
  // A bug in the emulator: say so loudly in the test's output, answer as Stripe's own failure would.
  console.error('stripe-emulator: internal error', error);
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, headers, body: JSON.stringify({ error: { type: 'api_error', message } }) };
}
