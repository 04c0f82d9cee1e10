import { outsideUnitOfWork } from '@kiosk/db';
import { TestWallet, type WalletFetch } from '@kiosk/test-wallet';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The demo talks to its own server the way a wallet or a merchant's back end would, over the public
 * API, but in process (`app.inject`): no port, no network, the same routes, checks and events.
 */

/**
 * One in-process request, a request of its own: it never joins the unit of work of the request that
 * makes it (a wallet is another party; its answer commits on its own, as over the network).
 */
const inject = (app: FastifyInstance, options: InjectOptions) =>
  // inject answers a lazy chain that dispatches when `then` is called: called here, outside the unit.
  outsideUnitOfWork(() => app.inject(options).then((response) => response));

/** The wallet protocol's fetch, answered by this server in process. */
export function inProcessFetch(app: FastifyInstance): WalletFetch {
  return async (url, init = {}) => {
    const target = new URL(url);
    const response = await inject(app, {
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      payload: init.body,
    });
    return {
      status: response.statusCode,
      headers: {
        get: (name: string) => (response.headers[name.toLowerCase()] as string | undefined) ?? null,
      },
      json: async () => response.json(),
    };
  };
}

/** An API call's status and parsed answer; the route's own schema has checked the answer's shape. */
export type ApiCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
) => Promise<{ status: number; body: any }>;

/** Calls the API with these headers (a key, a session cookie); answers status and parsed body. */
export function apiCaller(app: FastifyInstance, headers: Record<string, string>): ApiCall {
  return async (method, url, payload) => {
    const response = await inject(app, { method, url, payload, headers });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
}

/** Every item of a paged list (`{ list, count }`), read a hundred at a time. */
export async function listAll<T>(call: ApiCall, path: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await call('GET', `${path}?page=${page}&pageSize=100`);
    if (status !== 200) throw new Error(`demo: listing ${path} answered ${status}`);
    all.push(...(body.list as T[]));
    if (body.list.length === 0 || all.length >= body.count) return all;
  }
}

export interface InProcessSession {
  /** The whole `Set-Cookie` header the sign-in answered, to hand on to a browser. */
  setCookie: string;
  /** The session's `Cookie` header, for calls that `call` cannot make (a raw upload). */
  cookie: string;
  isOwner: boolean;
  call: ApiCall;
  signOut(): Promise<void>;
}

/** Signs in as a development account by SIWE, as that account's wallet would. */
export async function signInInProcess(app: FastifyInstance, index: number): Promise<InProcessSession> {
  const fetch = inProcessFetch(app);
  let setCookie = '';
  const wallet = new TestWallet({
    index,
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      setCookie = response.headers.get('set-cookie') ?? setCookie;
      return response;
    },
  });
  const { cookie, user } = await wallet.signIn(app.kiosk.config.baseUrl);
  const { passports } = user as { passports: { role: string }[] };
  const call = apiCaller(app, { cookie });
  return {
    setCookie,
    cookie,
    isOwner: passports.some((passport) => passport.role === 'owner'),
    call,
    signOut: async () => void (await call('POST', '/api/auth/logout')),
  };
}
