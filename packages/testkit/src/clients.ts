import type { TestServer } from './server.ts';

export interface ClientResponse {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any;
  headers: Headers;
}

/** A `fetch` that keeps one cookie jar, like a browser tab. */
export function cookieClient(baseUrl: string, cookie = '') {
  let jar = cookie;
  return {
    get cookie() {
      return jar;
    },
    async request(
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<ClientResponse> {
      const headers: Record<string, string> = { ...init.headers };
      if (jar) headers.cookie = jar;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const set = response.headers.get('set-cookie');
      if (set) jar = set.split(';')[0]!;
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('application/json');
      return {
        status: response.status,
        body: json && text ? JSON.parse(text) : text,
        headers: response.headers,
      };
    },
  };
}

/** Signs `wallet` in by SIWE and answers a client holding its session cookie. */
export async function signedIn(
  server: TestServer,
  wallet: { signIn(baseUrl: string): Promise<{ cookie: string }> },
) {
  const { cookie } = await wallet.signIn(server.url);
  return cookieClient(server.url, cookie);
}
