import { ApiError } from './api-error.ts';
import type { CallAnswer, CallArgs, PrepareArgs, RouteName } from './types.ts';

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
  /**
   * A secret API key (`sk_…`) for a merchant's back end, or a developer access token (`kat_…`) for
   * the CLI and other tools: sent as `Authorization: Bearer`. Never in a browser.
   */
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
  /**
   * What `call` would send for a route, without sending it: the method, the address (its path
   * parameters, query and the common parameters) and the headers. For a body `call` does not send,
   * which the caller streams itself: a bundle read from a file with upload progress, after asking
   * with `Expect: 100-continue` (fetch can do neither). The answer is read with `answer`.
   */
  prepare<Name extends RouteName>(route: Name, ...args: PrepareArgs<Name>): PreparedCall<Name>;
  /** The address of `path` with the common parameters; relative when Kiosk is the page's origin. */
  url(path: string): string;
  /** An absolute address of a Kiosk page (for links out of an embedded form). */
  pageUrl(path: string): string;
  realtimeUrl(): string;
  authToken(): string | undefined;
}

/** A route's request, built as `call` builds it, for a caller that sends the body itself. */
export interface PreparedCall<Name extends RouteName> {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  /**
   * The route's answer as `call` reads it, from the status and the body's text: the contract's
   * success body, or else an ApiError with the server's code, message and details.
   */
  answer(response: { status: number; statusText?: string }, text: string): CallAnswer<Name>;
}

const pageOrigin = () => (typeof window === 'undefined' ? undefined : window.location.origin);

function parseBody(status: number, text: string): unknown {
  if (status === 204 || !text) return undefined;
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

  function prepare<Name extends RouteName>(route: Name, ...[input]: PrepareArgs<Name>): PreparedCall<Name> {
    const { params: pathParams, query } = ((input as unknown) ?? {}) as {
      // Untyped here: `CallInput<RouteName>` would spell out every route's input at once, too many for tsc.
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
    };
    const [method, template] = route.split(' ') as [string, string];
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const path = fillPath(template, pathParams) + (search.size ? `?${search}` : '');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
    return {
      method,
      url: url(path),
      headers,
      answer: (response, text) => {
        const body = parseBody(response.status, text);
        if (response.status < 200 || response.status > 299) throw ApiError.of(response, body);
        return body as CallAnswer<Name>;
      },
    };
  }

  async function call<Name extends RouteName>(route: Name, ...[input]: CallArgs<Name>) {
    const { body, signal } = ((input as unknown) ?? {}) as { body?: unknown; signal?: AbortSignal };
    const prepared = prepare(route, ...([input] as unknown as PrepareArgs<Name>));
    const headers = new Headers(prepared.headers);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await send(prepared.url, {
      method: prepared.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return prepared.answer(response, response.status === 204 ? '' : await response.text());
  }

  return {
    baseUrl: origin,
    crossOrigin,
    call,
    prepare,
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
