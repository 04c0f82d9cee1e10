import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { randomToken, type ErrorBody } from '@kiosk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { KioskModule } from './modules.ts';
import { startTestServer, testEngines, type TestServer } from '@kiosk/testkit';

async function json<T = ErrorBody>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody: { content: Record<string, { schema: { required: string[] } }> } }>
  >;
}

/** A module with one write route, to prove that refused input writes nothing. */
const notesModule: KioskModule = {
  name: 'notes',
  migrations: {
    '20261122_99_test_notes': {
      async up(db) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'text', (c) => c.primaryKey().notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .execute();
      },
    },
  },
  async plugin(app) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/notes',
      {
        config: { access: ['public'] },
        schema: {
          body: z.strictObject({ text: z.string().min(2).max(10), count: z.number().int().positive() }),
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (request, reply) => {
        const id = randomToken();
        await app.kiosk.database.db.insertInto('notes').values({ id, text: request.body.text }).execute();
        return reply.status(201).send({ id });
      },
    );
  },
};

const webDir = mkdtempSync(join(tmpdir(), 'kiosk-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><head><title>Kiosk shell</title><script type="module" src="/assets/app-abc123.js"></script></head><div id="root"></div>',
);
writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
// The hosted checkout's own entry.
writeFileSync(
  join(webDir, 'checkout.html'),
  '<!doctype html><head><title>Kiosk checkout</title><script type="module" src="/assets/checkout-111.js"></script></head><div id="root"></div>',
);
// Each language's first-load messages, as each page's build's manifest names them (apps/web/src/i18n.ts):
// the store's and the checkout's are built apart.
mkdirSync(join(webDir, '.vite'));
const messagesManifest = (en: string, zh: string) =>
  JSON.stringify({
    '../../packages/core/src/i18n/first-load.en.ts': { file: `assets/${en}`, isDynamicEntry: true },
    '../../packages/core/src/i18n/first-load.zh.ts': { file: `assets/${zh}`, isDynamicEntry: true },
  });
writeFileSync(
  join(webDir, '.vite', 'manifest.json'),
  messagesManifest('first-load.en-aaa.js', 'first-load.zh-bbb.js'),
);
writeFileSync(
  join(webDir, '.vite', 'checkout.manifest.json'),
  messagesManifest('first-load.en-ccc.js', 'first-load.zh-ddd.js'),
);
// What the web build writes beside each asset: its brotli and gzip copies.
const bundle = `console.log(${JSON.stringify('kiosk '.repeat(2_000))});`;
writeFileSync(join(webDir, 'assets', 'big-def456.js'), bundle);
writeFileSync(join(webDir, 'assets', 'big-def456.js.br'), brotliCompressSync(bundle));
writeFileSync(join(webDir, 'assets', 'big-def456.js.gz'), gzipSync(bundle));

describe.each(await testEngines())('HTTP basics on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { modules: [notesModule], env: { KIOSK_WEB_DIR: webDir } });
  });
  afterAll(() => server?.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const noteCount = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from notes`.execute(server.app.kiosk.database.db))
        .rows[0]!.n,
    );

  it('answers /api/health after checking the database', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { engine } });
  });

  it('answers 503 with the error shape when the database is gone', async () => {
    const other = await startTestServer(engine);
    try {
      await other.app.kiosk.database.close();
      const response = await fetch(`${other.url}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.any(String) });
    } finally {
      await other.database.dispose();
      await other.app.close().catch(() => undefined);
    }
  });

  it('accepts a valid write', async () => {
    const response = await post('/api/notes', JSON.stringify({ text: 'hello', count: 1 }));
    expect(response.status).toBe(201);
  });

  it('answers malformed JSON with 400 INVALID_JSON and writes nothing', async () => {
    const before = await noteCount();
    for (const body of ['{"text": "hello",', '', 'not json']) {
      const response = await post('/api/notes', body);
      expect(response.status, body).toBe(400);
      const json = await response.json();
      expect(json).toEqual({ code: 'INVALID_JSON', error: expect.any(String) });
    }
    expect(await noteCount()).toBe(before);
  });

  it('answers schema violations with 400 VALIDATION_FAILED and a detail per field, writing nothing', async () => {
    const before = await noteCount();
    const response = await post('/api/notes', JSON.stringify({ text: 'x', extra: true }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.error).toBe('Validate failed');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.text', message: 'Must be at least 2 characters' },
        { path: 'body.count', message: 'Required' },
        { path: 'body', message: 'Unknown field: extra' },
      ]),
    );
    expect(await noteCount()).toBe(before);
  });

  it('writes messages in the language of the locale parameter, cookie or Accept-Language', async () => {
    const bad = JSON.stringify({ text: 'x', count: 1 });
    const byParam = await json(post('/api/notes?locale=zh', bad));
    expect(byParam.error).toBe('验证失败');
    expect(byParam.details?.[0]?.message).toBe('至少需要 2 个字符');
    const byCookie = await json(post('/api/notes', bad, { cookie: 'nf_lang=zh' }));
    expect(byCookie.error).toBe('验证失败');
    const byHeader = await json(post('/api/notes', bad, { 'accept-language': 'zh-CN,zh;q=0.9' }));
    expect(byHeader.error).toBe('验证失败');
    const paramWins = await json(post('/api/notes?locale=en', bad, { cookie: 'nf_lang=zh' }));
    expect(paramWins.error).toBe('Validate failed');
  });

  it('answers unknown API routes with a JSON 404, never HTML', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/health'],
      ['POST', '/somewhere'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await post('/api/notes', 'text=hello', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('serves the web shell for page paths, with long caching for hashed assets only', async () => {
    for (const path of ['/', '/checkout', '/checkout/other', '/console/apps?x=1']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('Kiosk shell');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it("serves the hosted checkout its own entry, which loads no store screens, under the pages' policy", async () => {
    for (const path of ['/checkout/pay/plink_123?x=1', '/checkout/pay/cs_123']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('Kiosk checkout');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    expect(await (await fetch(`${server.url}/profile`)).text()).toContain('Kiosk shell');
  });

  it("announces the visitor's language's messages in every page, from the page's own build, and only that language's", async () => {
    const announced = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    for (const [path, en, zh] of [
      ['/', 'aaa', 'bbb'],
      ['/checkout/pay/cs_123', 'ccc', 'ddd'],
      ['/customer', 'aaa', 'bbb'],
    ]) {
      const plain = await fetch(`${server.url}${path}`);
      expect(announced(await plain.text()), path).toEqual([`/assets/first-load.en-${en}.js`]);
      expect(plain.headers.get('vary')).toMatch(/accept-language/i);
      const byHeader = await fetch(`${server.url}${path}`, {
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      });
      expect(announced(await byHeader.text()), path).toEqual([`/assets/first-load.zh-${zh}.js`]);
      // The language the visitor chose in the app wins over the browser's.
      const byCookie = await fetch(`${server.url}${path}`, {
        headers: { 'accept-language': 'zh-CN', cookie: 'nf_lang=en' },
      });
      expect(announced(await byCookie.text()), path).toEqual([`/assets/first-load.en-${en}.js`]);
    }
  });

  it("serves an asset's brotli or gzip copy to a browser that takes it, and the plain one otherwise", async () => {
    const url = `${server.url}/assets/big-def456.js`;
    const brotli = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await brotli.text()).toBe(bundle); // fetch decodes it
    const gzip = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bundle);
  });

  it('compresses API answers above a kilobyte, and leaves small ones alone', async () => {
    const big = await fetch(`${server.url}/api/openapi.json`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.status).toBe(200);
    expect(['br', 'gzip']).toContain(big.headers.get('content-encoding'));
    expect((await big.json()).openapi).toMatch(/^3\./);
    const small = await fetch(`${server.url}/api/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('lets no other site frame its pages, and keeps their scripts to its own', async () => {
    for (const path of ['/', '/checkout/pay/cs_123']) {
      const response = await fetch(`${server.url}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("frame-ancestors 'self'");
      expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
      expect(policy).toContain('https://api.stripe.com');
      expect(policy).toContain(
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
      );
      expect(policy).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('publishes the OpenAPI document and its docs page', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/notes']));
    expect(
      document.paths['/api/notes']!.post!.requestBody.content['application/json']!.schema.required,
    ).toEqual(['text', 'count']);
    const docs = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger/i);
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await fetch(`${server.url}/api/health`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(
      /kiosk_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

describe('pages framed by the origins the merchant lists', () => {
  it('names them in frame-ancestors, and leaves X-Frame-Options out (it can name no list)', async () => {
    const server = await startTestServer('sqlite', {
      env: { KIOSK_WEB_DIR: webDir, KIOSK_CORS_ORIGINS: 'https://shop.example.com' },
    });
    try {
      const response = await fetch(`${server.url}/checkout/pay/cs_123`);
      expect(response.headers.get('content-security-policy')).toContain(
        "frame-ancestors 'self' https://shop.example.com",
      );
      expect(response.headers.get('x-frame-options')).toBeNull();
    } finally {
      await server.close();
    }
  });
});
