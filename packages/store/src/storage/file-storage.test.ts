import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bundleKey,
  bundleKeyProblem,
  isBundleStorageError,
  verifyingStream,
  type BundleStorageProblem,
} from './bundle-storage.ts';
import { FileBundleStorage } from './file-storage.ts';

const DID = 'did:pkh:eip155:1:0x52908400098527886e0f7030069857d2e4169ee7';
const KEY = bundleKey({ did: DID, version: '1.2.0', name: 'my-wallet', upload: 'appv_1' });
const BYTES = randomBytes(200_000);

let root: string;
let storage: FileBundleStorage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiosk-bundles-'));
  storage = new FileBundleStorage(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function integrityOf(bytes: Buffer): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

function optionsFor(bytes: Buffer) {
  return { size: bytes.length, contentType: 'application/gzip', integrity: integrityOf(bytes) };
}

/** The body in 16 KiB chunks, as a request body arrives. */
function streamOf(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 16_384) chunks.push(bytes.subarray(at, at + 16_384));
  return Readable.from(chunks, { objectMode: false });
}

/** Sends the first half of `bytes`, then fails like a dropped connection. */
function streamFailingHalfway(bytes: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(bytes.subarray(0, bytes.length / 2));
      } else {
        setImmediate(() => this.destroy(new Error('connection reset')));
      }
    },
  });
}

function withFlippedByte(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt8(copy.readUInt8(at) ^ 1, at);
  return copy;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under the root, temp files included, relative to it. */
async function filesUnderRoot(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

async function refusal(promise: Promise<unknown>): Promise<BundleStorageProblem> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isBundleStorageError(error)) throw new Error(`expected a BundleStorageError, got ${String(error)}`);
  return error.problem;
}

describe('FileBundleStorage', () => {
  it('stores a bundle at its key path and reads it back whole', async () => {
    await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));

    expect(await filesUnderRoot()).toEqual([join('apps', DID, '1.2.0', 'appv_1', 'my-wallet-1.2.0.tgz')]);
    expect(await readAll(await storage.get(KEY))).toEqual(BYTES);
  });

  it('reads exactly the bytes of a range, both ends included', async () => {
    await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));

    expect(await readAll(await storage.get(KEY, { start: 100, end: 199 }))).toEqual(BYTES.subarray(100, 200));
    const last = BYTES.length - 1;
    expect(await readAll(await storage.get(KEY, { start: last, end: last }))).toEqual(BYTES.subarray(last));
  });

  it('refuses a range outside the object before reading', async () => {
    await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));

    await expect(storage.get(KEY, { start: 0, end: BYTES.length })).rejects.toThrow(RangeError);
    await expect(storage.get(KEY, { start: 10, end: 9 })).rejects.toThrow(RangeError);
  });

  it('answers the size, an etag and the time of a stored bundle, and nothing for a missing one', async () => {
    expect(await storage.head(KEY)).toBeUndefined();
    await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));

    const stored = await storage.head(KEY);
    expect(stored?.size).toBe(BYTES.length);
    expect(stored?.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(stored?.lastModified).toBeInstanceOf(Date);
  });

  it('reports a missing key as notFound when it is read', async () => {
    expect(await refusal(storage.get(KEY))).toEqual({ kind: 'notFound', key: KEY });
  });

  it('deletes a bundle, and deleting it again is not an error', async () => {
    await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));

    await storage.delete(KEY);
    await storage.delete(KEY);

    expect(await storage.head(KEY)).toBeUndefined();
    expect(await filesUnderRoot()).toEqual([]);
  });

  it('stores an empty bundle', async () => {
    const empty = Buffer.alloc(0);
    await storage.put(KEY, streamOf(empty), optionsFor(empty));

    expect((await storage.head(KEY))?.size).toBe(0);
    expect(await readAll(await storage.get(KEY))).toEqual(empty);
  });

  describe('a put is all or nothing', () => {
    it('a body that fails halfway leaves no object and no temp file', async () => {
      await expect(storage.put(KEY, streamFailingHalfway(BYTES), optionsFor(BYTES))).rejects.toThrow(
        'connection reset',
      );

      expect(await storage.head(KEY)).toBeUndefined();
      expect(await filesUnderRoot()).toEqual([]);
    });

    it('a body shorter than its declared size leaves nothing', async () => {
      const problem = await refusal(storage.put(KEY, streamOf(BYTES.subarray(0, 1000)), optionsFor(BYTES)));

      expect(problem).toEqual({ kind: 'sizeMismatch', expected: BYTES.length, received: 1000 });
      expect(await filesUnderRoot()).toEqual([]);
    });

    it('a body longer than its declared size is refused as soon as it runs past', async () => {
      const longer = Buffer.concat([BYTES, Buffer.from('tail')]);
      const problem = await refusal(storage.put(KEY, streamOf(longer), optionsFor(BYTES)));

      expect(problem).toMatchObject({ kind: 'sizeMismatch', expected: BYTES.length });
      expect(await filesUnderRoot()).toEqual([]);
    });

    it('a body that does not hash to its integrity leaves nothing', async () => {
      const tampered = withFlippedByte(BYTES, BYTES.length - 1);
      const problem = await refusal(storage.put(KEY, streamOf(tampered), optionsFor(BYTES)));

      expect(problem).toMatchObject({ kind: 'integrityMismatch', expected: integrityOf(BYTES) });
      expect(await filesUnderRoot()).toEqual([]);
    });

    it('an integrity that is not one sha512 is refused before the body is read', async () => {
      const body = streamOf(BYTES);
      const problem = await refusal(
        storage.put(KEY, body, { ...optionsFor(BYTES), integrity: 'sha256-AAAA' }),
      );

      expect(problem).toEqual({ kind: 'invalidIntegrity', integrity: 'sha256-AAAA' });
      expect(body.destroyed).toBe(true);
      expect(await filesUnderRoot()).toEqual([]);
    });
  });

  describe('a stored bundle never changes', () => {
    it('a second put of the same key is refused as exists and the first bytes stay', async () => {
      await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));
      const other = randomBytes(1000);

      const problem = await refusal(storage.put(KEY, streamOf(other), optionsFor(other)));

      expect(problem).toEqual({ kind: 'exists', key: KEY });
      expect(await readAll(await storage.get(KEY))).toEqual(BYTES);
      expect(await filesUnderRoot()).toHaveLength(1);
    });

    it('of two puts racing for one key, exactly one wins and no temp file stays', async () => {
      const other = randomBytes(BYTES.length);
      const results = await Promise.allSettled([
        storage.put(KEY, streamOf(BYTES), optionsFor(BYTES)),
        storage.put(KEY, streamOf(other), optionsFor(other)),
      ]);

      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(isBundleStorageError((lost[0] as PromiseRejectedResult).reason, 'exists')).toBe(true);
      const stored = await readAll(await storage.get(KEY));
      expect(stored.equals(BYTES) || stored.equals(other)).toBe(true);
      expect(await filesUnderRoot()).toHaveLength(1);
    });
  });

  describe('keys', () => {
    it.each([
      ['', 'empty'],
      ['/etc/passwd', 'absolute'],
      ['\\windows\\system32', 'absolute'],
      ['C:/bundles/x.tgz', 'absolute'],
      ['apps/../../etc/passwd', 'dotSegment'],
      ['apps/./x.tgz', 'dotSegment'],
      ['..', 'dotSegment'],
      ['apps/.x.tgz.1234.tmp', 'dotSegment'],
      ['apps//x.tgz', 'emptySegment'],
      ['apps/x.tgz/', 'emptySegment'],
      ['apps/x y.tgz', 'character'],
      ['apps/x%2F..tgz', 'character'],
      ['apps\\..\\x.tgz', 'character'],
      ['apps/é.tgz', 'character'],
      ['apps/x\u0000.tgz', 'character'],
      [`apps/${'a'.repeat(1100)}.tgz`, 'tooLong'],
    ])('%j is refused (%s) by every operation', async (key, reason) => {
      expect(bundleKeyProblem(key)).toBe(reason);
      const problem = { kind: 'invalidKey', key, reason };
      expect(await refusal(storage.put(key, streamOf(BYTES), optionsFor(BYTES)))).toEqual(problem);
      expect(await refusal(storage.head(key))).toEqual(problem);
      expect(await refusal(storage.get(key))).toEqual(problem);
      expect(await refusal(storage.delete(key))).toEqual(problem);
    });

    it('accepts DIDs and semver with pre-release and build parts', () => {
      expect(bundleKey({ did: DID, version: '1.0.0-rc.1+build.5', name: 'My_App', upload: 'appv_1' })).toBe(
        `apps/${DID}/1.0.0-rc.1+build.5/appv_1/My_App-1.0.0-rc.1+build.5.tgz`,
      );
    });

    it('refuses to build a key from a version that climbs out of its folder', () => {
      expect(() => bundleKey({ did: DID, version: '../1.0.0', name: 'x', upload: 'appv_1' })).toThrow(
        'BUNDLE_KEY_INVALID',
      );
    });
  });

  describe('temp files a crash left behind', () => {
    it('are removed once older than the limit, and fresh ones are left to their writer', async () => {
      const directory = join(root, 'apps', DID, '1.2.0', 'appv_1');
      await mkdir(directory, { recursive: true });
      const stale = join(directory, '.my-wallet-1.2.0.tgz.aaaa.tmp');
      const fresh = join(directory, '.my-wallet-1.2.0.tgz.bbbb.tmp');
      await writeFile(stale, 'half');
      await writeFile(fresh, 'half');
      const now = Date.now();
      const twoDaysAgo = new Date(now - 2 * 86_400_000);
      await utimes(stale, twoDaysAgo, twoDaysAgo);
      await storage.put(KEY, streamOf(BYTES), optionsFor(BYTES));

      expect(await storage.removeAbandonedTempFiles(now, 86_400_000)).toBe(1);

      expect(await filesUnderRoot()).toEqual([
        join('apps', DID, '1.2.0', 'appv_1', '.my-wallet-1.2.0.tgz.bbbb.tmp'),
        join('apps', DID, '1.2.0', 'appv_1', 'my-wallet-1.2.0.tgz'),
      ]);
    });
  });
});

describe('verifyingStream', () => {
  it('never passes on the last byte of a body that does not match', async () => {
    const tampered = withFlippedByte(BYTES, 0);
    let passed = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        passed += chunk.length;
        callback();
      },
    });

    await expect(pipeline(streamOf(tampered), verifyingStream(optionsFor(BYTES)), sink)).rejects.toThrow(
      'BUNDLE_INTEGRITY_MISMATCH',
    );
    expect(passed).toBeLessThan(BYTES.length);
  });

  it('passes on every byte of a body that matches', async () => {
    const out = await readAll(streamOf(BYTES).pipe(verifyingStream(optionsFor(BYTES))));
    expect(out).toEqual(BYTES);
  });
});
