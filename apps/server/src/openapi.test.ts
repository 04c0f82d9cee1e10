import { routes } from '@kiosk/contracts';
import { cookieClient, startTestServer, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The OpenAPI document served at /api/openapi.json against the routes the server really registered:
 * every API route is in it with its method and path, each operation promises a JSON answer (or an
 * empty 204) and names its path parameters, and it describes nothing the server does not serve.
 * Routes come from the server itself (`app.kiosk.routes`, which identity's `onRoute` hook fills before
 * any route owner registers), so a route added later is checked without editing this test.
 */

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown> & { parameters?: OpenApiParameter[] }>;
}

/** The keys of a path item that are operations (the rest are its summary, parameters, servers…). */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Routes under /api/ that are not HTTP JSON operations, so the document rightly leaves them out. Each
 * must still be registered (checked below), so the list cannot outlive the routes it excuses.
 */
const NOT_OPERATIONS: Record<string, string> = {
  // Describing the document inside itself says nothing a client could use; it is the entry point.
  'GET /api/openapi.json': 'the document itself',
  // A websocket upgrade: its messages are not request/response JSON, and OpenAPI 3.0 cannot say them.
  'GET /api/realtime': 'websocket',
};
/**
 * The document's reader, from @fastify/swagger-ui: an HTML page, its scripts and styles, and copies of
 * the document itself at /json and /yaml. None of it is the API.
 */
const READER = '/api/docs';

const isApiOperation = (route: string) => {
  const url = route.split(' ')[1]!;
  return (
    url.startsWith('/api/') && !(route in NOT_OPERATIONS) && url !== READER && !url.startsWith(`${READER}/`)
  );
};

/**
 * API operations the server serves itself rather than a module, so they are not in the contract table
 * (`routes` of @kiosk/contracts). Each must be registered and outside the table (checked below).
 */
const SERVER_OWN: Record<string, string> = {
  // Probed by load balancers and orchestrators, not called through the SDK; it belongs to no module.
  'GET /api/health': "the server's liveness and database check",
};

/** `/api/prices/{id}` → `/api/prices/:id`: the document's paths in the server's own spelling. */
const fastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

describe('the OpenAPI document', () => {
  let server: TestServer;
  /** `METHOD /path` of every route the server registered (HEAD copies of GET routes are left out). */
  let registered: string[];
  let document: OpenApiDocument;
  /** Every operation of the document by `METHOD /path/:param`, the way the server names its routes. */
  let operations: Map<string, { path: string; operation: OpenApiOperation; shared: OpenApiParameter[] }>;

  beforeAll(async () => {
    // Routes do not depend on the database engine, so SQLite is enough. The test wallet is on so that
    // its optional route (/api/test-wallet/connect) is checked too.
    server = await startTestServer('sqlite', { env: { KIOSK_TEST_WALLET: 'true' } });
    registered = server.app.kiosk.routes.map((route) => `${route.method} ${route.url}`);
    const answer = await cookieClient(server.url).request('/api/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.body;
    operations = new Map();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as OpenApiOperation | undefined;
        if (operation)
          operations.set(`${method.toUpperCase()} ${fastifyPath(path)}`, {
            path,
            operation,
            shared: item.parameters ?? [],
          });
      }
    }
  });
  afterAll(() => server?.close());

  it('is checked against the routes the server really registered', () => {
    expect(document.openapi).toMatch(/^3\./);
    // An enumeration that broke (an empty list) would let every check below pass for nothing.
    expect(registered).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/session',
        'POST /api/checkout-sessions',
        'PUT /api/checkout-sessions/:id/submit',
        'DELETE /api/api-keys/:id',
        'POST /api/test-wallet/connect',
      ]),
    );
    for (const route of registered) {
      const [method, url] = route.split(' ') as [string, string];
      expect(server.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
  });

  it('leaves out only routes the server registers and that are not JSON operations', () => {
    const stale = Object.keys(NOT_OPERATIONS).filter((route) => !registered.includes(route));
    expect(stale, 'exclusions naming no registered route').toEqual([]);
    expect(registered.some((route) => route.split(' ')[1]!.startsWith(`${READER}/`))).toBe(true);
    const documented = registered.filter(
      (route) => route.split(' ')[1]!.startsWith('/api/') && !isApiOperation(route) && operations.has(route),
    );
    expect(documented, 'excluded routes the document describes anyway').toEqual([]);
  });

  it('documents every API route with its method and path', () => {
    const missing = registered.filter((route) => isApiOperation(route) && !operations.has(route));
    expect(missing, 'API routes missing from the OpenAPI document').toEqual([]);
  });

  it('documents no operation the server does not serve', () => {
    const unserved = [...operations.keys()].filter((route) => !registered.includes(route));
    expect(unserved, 'documented operations with no registered route').toEqual([]);
  });

  it('promises a 2xx answer with a JSON schema, or an empty 204, for every operation', () => {
    const lacking = [...operations]
      .filter(([, { operation }]) => {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^2(\d\d|XX)$/.test(status),
        );
        return !success.some(([status, response]) => {
          const content = Object.entries(response.content ?? {});
          if (status === '204' && content.length === 0) return true;
          return content.some(
            ([type, { schema }]) =>
              /\bjson\b/.test(type) &&
              typeof schema === 'object' &&
              schema !== null &&
              Object.keys(schema).length > 0,
          );
        });
      })
      .map(([route, { operation }]) => {
        const answers = Object.entries(operation.responses ?? {}).map(
          ([status, { content }]) =>
            `${status} ${content ? Object.keys(content).join('/') : 'without a body'}`,
        );
        return `${route} (answers ${answers.join(', ') || 'nothing'})`;
      });
    expect(lacking, 'operations without a 2xx JSON schema or an empty 204').toEqual([]);
  });

  it('declares every path parameter of every operation', () => {
    const undeclared: string[] = [];
    for (const [route, { path, operation, shared }] of operations) {
      const declared = [...shared, ...(operation.parameters ?? [])].filter(
        (parameter) => parameter.in === 'path' && parameter.required === true,
      );
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        if (!declared.some((parameter) => parameter.name === name)) undeclared.push(`${route}: ${name}`);
      }
    }
    expect(undeclared, 'path parameters not declared as required path parameters').toEqual([]);
  });

  it('serves every route of the contract table from the contract: its answers and its body', () => {
    const differing = Object.values(routes).flatMap((route) => {
      const documented = operations.get(route.key);
      if (!documented) return [`${route.key}: not served`];
      const promised = Object.keys(route.schema.response).sort();
      const answered = Object.keys(documented.operation.responses ?? {})
        .filter((status) => status.startsWith('2'))
        .sort();
      const problems: string[] = [];
      if (promised.join() !== answered.join())
        problems.push(`${route.key}: answers ${answered.join()} where the contract says ${promised.join()}`);
      if ('body' in route.schema !== (documented.operation.requestBody !== undefined))
        problems.push(`${route.key}: body ${'body' in route.schema ? 'missing' : 'not in the contract'}`);
      return problems;
    });
    expect(differing, 'contract routes served otherwise').toEqual([]);
  });

  it("has every API operation in the contract table, but the server's own", () => {
    const stale = Object.keys(SERVER_OWN).filter(
      (route) => !registered.includes(route) || !isApiOperation(route) || route in routes,
    );
    expect(stale, 'server-own exclusions that are not registered API operations outside the table').toEqual(
      [],
    );
    const missing = registered.filter(
      (route) => isApiOperation(route) && !(route in SERVER_OWN) && !(route in routes),
    );
    expect(missing, `API routes missing from the contract table: ${missing.join(', ')}`).toEqual([]);
  });
});
