import { ApiError } from './api-error.ts';
import type { CallAnswer, CallArgs, RouteName } from './types.ts';

/** Seed 000 §7: every request carries the language, the mode and, when embedded, the authToken. */
export interface CommonParams {
  locale?: string;
  livemode?: boolean;
  authToken?: string;
}

export interface KioskClientOptions {
  /** Kiosk's address; in a browser it defaults to the page's own origin. */
  baseUrl?: string;
  /** Read on every call, as the language and the mode change while the page lives. */
  params?: () => CommonParams;
  /** A secret API key (`sk_…`), for a merchant's back end; never in a browser. */
  apiKey?: string;
  fetch?: typeof fetch;
}

export interface KioskClient {
  /** Kiosk's origin, e.g. `https://pay.example.com`. */
  readonly baseUrl: string;
  /** True when Kiosk lives on another origin than the page (cookies do not reach it; the authToken does). */
  readonly crossOrigin: boolean;
  /** Calls a route of the contract table, typed by its name: `call('GET /api/session')`. */
  call<Name extends RouteName>(route: Name, ...args: CallArgs<Name>): Promise<CallAnswer<Name>>;
  /** The address of `path` with the common parameters; relative when Kiosk is the page's origin. */
  url(path: string): string;
  /** An absolute address of a Kiosk page (for links out of an embedded form). */
  pageUrl(path: string): string;
  realtimeUrl(): string;
  authToken(): string | undefined;
}

const pageOrigin = () => (typeof window === 'undefined' ? undefined : window.location.origin);

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `/api/checkout-sessions/:id/submit` with `{ id }` → `/api/checkout-sessions/cs_…/submit`. */
function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new TypeError(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(params[name]));
  });
}

/**
 * The client of every Kiosk caller: the web app (same origin), an embedding host (base URL and the
 * buyer's authToken) and a merchant's back end (base URL and a secret key). It imports no schema:
 * routes are typed from the contract table's type, so no validation code reaches a browser.
 */
export function createKioskClient({
  baseUrl,
  params = () => ({}),
  apiKey,
  fetch: send = (...args) => fetch(...args),
}: KioskClientOptions = {}): KioskClient {
  const base = baseUrl ?? pageOrigin();
  if (!base) throw new TypeError('createKioskClient: baseUrl is required outside a browser');
  const origin = new URL(base).origin;
  const crossOrigin = origin !== pageOrigin();

  const url = (path: string) => {
    const target = new URL(path, origin);
    const { locale, livemode, authToken } = params();
    const common: Record<string, string | undefined> = {
      locale,
      livemode: livemode === undefined ? undefined : String(livemode),
      authToken,
    };
    for (const [name, value] of Object.entries(common)) {
      if (value !== undefined && !target.searchParams.has(name)) target.searchParams.set(name, value);
    }
    return crossOrigin ? target.toString() : `${target.pathname}${target.search}`;
  };

  async function call<Name extends RouteName>(route: Name, ...[input]: CallArgs<Name>) {
    const {
      params: pathParams,
      query,
      body,
      signal,
    } = ((input as unknown) ?? {}) as {
      // Untyped here: `CallInput<RouteName>` would spell out every route's input at once, too many for tsc.
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
    };
    const [method, template] = route.split(' ') as [string, string];
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const path = fillPath(template, pathParams) + (search.size ? `?${search}` : '');
    const headers = new Headers({ Accept: 'application/json' });
    if (apiKey) headers.set('Authorization', `Bearer ${apiKey}`);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await send(url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const answer = await readBody(response);
    if (!response.ok) throw ApiError.of(response, answer);
    return answer as CallAnswer<Name>;
  }

  return {
    baseUrl: origin,
    crossOrigin,
    call,
    url,
    pageUrl: (path) => new URL(path, origin).toString(),
    realtimeUrl: () => {
      // The socket's caller is read when it connects: a page on another origin names its buyer here.
      const target = new URL('/api/realtime', origin.replace(/^http/, 'ws'));
      const { authToken } = params();
      if (authToken) target.searchParams.set('authToken', authToken);
      return target.toString();
    },
    authToken: () => params().authToken,
  };
}
