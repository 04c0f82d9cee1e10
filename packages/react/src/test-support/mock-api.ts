import { vi, type Mock } from 'vitest';

export interface ApiRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** A route's answer: a Response as it is, anything else as a 200 JSON body. */
export type ApiHandler = (request: ApiRequest) => unknown;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface MockApi {
  fetch: Mock<typeof fetch>;
  /** Every request so far, in order. */
  requests: ApiRequest[];
  /** The requests to one route, e.g. `calls('POST /api/api-keys')`. */
  calls: (route: string) => ApiRequest[];
}

/**
 * Stubs `fetch` with routes keyed `METHOD /path` (the query is ignored, as apiFetch adds locale and
 * livemode to every call). An unknown route answers 404, so a test notices a call it did not expect.
 */
export function mockApi(routes: Record<string, ApiHandler>): MockApi {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler)
      return jsonResponse({ code: 'ROUTE_NOT_FOUND', error: `No route for ${method} ${url.pathname}` }, 404);
    const answer = await handler(request);
    if (answer instanceof Response) return answer;
    return answer === undefined ? new Response(null, { status: 204 }) : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    calls: (route) => requests.filter((request) => `${request.method} ${request.url.pathname}` === route),
  };
}
