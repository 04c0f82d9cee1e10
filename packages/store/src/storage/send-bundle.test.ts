import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundleKey } from './bundle-storage.ts';
import { FileBundleStorage } from './file-storage.ts';
import { bundleEtag, decideDownload, sendBundle } from './send-bundle.ts';

const DID = 'did:pkh:eip155:1:0x52908400098527886e0f7030069857d2e4169ee7';
const KEY = bundleKey({ did: DID, version: '1.2.0', name: 'my-wallet', upload: 'appv_1' });
const BYTES = randomBytes(100_000);
const SIZE = BYTES.length;
const INTEGRITY = `sha512-${createHash('sha512').update(BYTES).digest('base64')}`;
const ETAG = bundleEtag(INTEGRITY);

let root: string;
let app: FastifyInstance;
let url: string;
let counted = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiosk-send-bundle-'));
  const storage = new FileBundleStorage(root);
  await storage.put(KEY, Readable.from([BYTES]), {
    size: SIZE,
    contentType: 'application/gzip',
    integrity: INTEGRITY,
  });

  app = Fastify();
  app.route({
    method: ['GET', 'HEAD'],
    url: '/bundles/:name',
    handler: (request, reply) => {
      const { name } = request.params as { name: string };
      const key =
        name === 'missing'
          ? bundleKey({ did: DID, version: '9.9.9', name: 'my-wallet', upload: 'appv_1' })
          : KEY;
      return sendBundle(request, reply, {
        storage,
        key,
        integrity: INTEGRITY,
        onCounted: () => {
          counted += 1;
        },
      });
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}/bundles/my-wallet-1.2.0.tgz`;
});

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  counted = 0;
});

async function download(headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(url, { method, headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, header: (name: string) => response.headers.get(name) };
}

describe('sendBundle over HTTP', () => {
  it('a full download answers 200 with every byte and the download headers, and counts once', async () => {
    const { response, body, header } = await download();

    expect(response.status).toBe(200);
    expect(body.equals(BYTES)).toBe(true);
    expect(header('content-length')).toBe(String(SIZE));
    expect(header('content-type')).toBe('application/gzip');
    expect(header('content-disposition')).toBe('attachment; filename="my-wallet-1.2.0.tgz"');
    expect(header('accept-ranges')).toBe('bytes');
    expect(header('etag')).toBe(ETAG);
    expect(header('cache-control')).toBe('private, no-cache');
    expect(header('content-security-policy')).toBe('sandbox');
    expect(header('content-range')).toBeNull();
    expect(counted).toBe(1);
  });

  it('a download resumed from the middle gets the rest with 206 and its Content-Range, and is not counted', async () => {
    const { response, body, header } = await download({ range: `bytes=${SIZE / 2}-` });

    expect(response.status).toBe(206);
    expect(body.equals(BYTES.subarray(SIZE / 2))).toBe(true);
    expect(header('content-range')).toBe(`bytes ${SIZE / 2}-${SIZE - 1}/${SIZE}`);
    expect(header('content-length')).toBe(String(SIZE / 2));
    expect(counted).toBe(0);
  });

  it('a first chunk from byte 0 is a download that counts', async () => {
    const { response, body } = await download({ range: 'bytes=0-999' });

    expect(response.status).toBe(206);
    expect(body.equals(BYTES.subarray(0, 1000))).toBe(true);
    expect(counted).toBe(1);
  });

  it('bytes=-100 answers the last 100 bytes', async () => {
    const { response, body, header } = await download({ range: 'bytes=-100' });

    expect(response.status).toBe(206);
    expect(body.equals(BYTES.subarray(SIZE - 100))).toBe(true);
    expect(header('content-range')).toBe(`bytes ${SIZE - 100}-${SIZE - 1}/${SIZE}`);
    expect(counted).toBe(0);
  });

  it('a range starting past the end answers 416 with the size in Content-Range', async () => {
    const { response, header } = await download({ range: `bytes=${SIZE}-` });

    expect(response.status).toBe(416);
    expect(header('content-range')).toBe(`bytes */${SIZE}`);
    expect(header('content-disposition')).toBeNull();
    expect(counted).toBe(0);
  });

  it('If-Range with a stale ETag answers 200 with the whole bundle', async () => {
    const { response, body } = await download({ range: 'bytes=500-', 'if-range': '"sha512-stale"' });

    expect(response.status).toBe(200);
    expect(body.equals(BYTES)).toBe(true);
    expect(counted).toBe(1);
  });

  it('If-Range with the current ETag answers the range', async () => {
    const { response, body } = await download({ range: 'bytes=500-', 'if-range': ETAG });

    expect(response.status).toBe(206);
    expect(body.equals(BYTES.subarray(500))).toBe(true);
  });

  it('If-None-Match with the ETag answers 304 without a body and is not counted', async () => {
    const { response, body, header } = await download({ 'if-none-match': `"other", W/${ETAG}` });

    expect(response.status).toBe(304);
    expect(body.length).toBe(0);
    expect(header('etag')).toBe(ETAG);
    expect(counted).toBe(0);
  });

  it('HEAD answers the headers of the download without a body, and is not counted', async () => {
    const { response, body, header } = await download({}, 'HEAD');

    expect(response.status).toBe(200);
    expect(body.length).toBe(0);
    expect(header('content-length')).toBe(String(SIZE));
    expect(header('etag')).toBe(ETAG);
    expect(header('accept-ranges')).toBe('bytes');
    expect(counted).toBe(0);
  });

  it('several ranges answer the whole bundle with 200', async () => {
    const { response, body } = await download({ range: 'bytes=0-9,20-29' });

    expect(response.status).toBe(200);
    expect(body.equals(BYTES)).toBe(true);
  });

  it('a version whose bundle is missing answers 404', async () => {
    const response = await fetch(url.replace('my-wallet-1.2.0.tgz', 'missing'));

    expect(response.status).toBe(404);
    expect(counted).toBe(0);
  });
});

describe('decideDownload', () => {
  it('ignores Range on HEAD, the only method besides GET that reaches it', () => {
    expect(decideDownload({ method: 'HEAD', range: 'bytes=0-9' }, SIZE, ETAG)).toEqual({
      status: 200,
      body: false,
      counted: false,
    });
  });

  it('answers 304 before looking at Range', () => {
    expect(decideDownload({ method: 'GET', range: `bytes=${SIZE}-`, ifNoneMatch: '*' }, SIZE, ETAG)).toEqual({
      status: 304,
    });
  });

  it('never takes an If-Range date or a weak ETag as a match', () => {
    const range = 'bytes=10-';
    for (const ifRange of ['Wed, 21 Oct 2015 07:28:00 GMT', `W/${ETAG}`]) {
      expect(decideDownload({ method: 'GET', range, ifRange }, SIZE, ETAG)).toMatchObject({ status: 200 });
    }
  });
});
