import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { openDatabase, OutsideIoInTransactionError, transaction } from '@kiosk/db';
import { createTestDatabase } from '@kiosk/db/testing';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bundleKey,
  isBundleStorageError,
  outsideTransactions,
  putBundleFile,
  type BundleStorage,
  type PutBundleOptions,
} from './bundle-storage.ts';
import { FileBundleStorage } from './file-storage.ts';

/**
 * An upload is received to a file that was counted and hashed as it was written; the storage takes
 * that file (putFile) rather than reading, hashing and writing its bytes again.
 */

const KEY = bundleKey({ did: 'did:pkh:eip155:1:0x01', version: '1.0.0', name: 'app', upload: 'appv_1' });
const BYTES = randomBytes(300_000);

let dir: string;
let root: string;
let storage: FileBundleStorage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-put-file-'));
  root = join(dir, 'bundles');
  storage = new FileBundleStorage(root);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function optionsFor(bytes: Buffer): PutBundleOptions {
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  return { size: bytes.length, contentType: 'application/gzip', integrity };
}

async function upload(bytes: Buffer, name = 'upload.tgz'): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function filesUnderRoot(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('FileBundleStorage.putFile', () => {
  it('links the file into place: the bundle is the upload, not a copy of it', async () => {
    const file = await upload(BYTES);
    await storage.putFile(KEY, file, optionsFor(BYTES));

    expect(await filesUnderRoot()).toEqual(['app-1.0.0.tgz']);
    const stored = join(root, ...KEY.split('/'));
    expect((await stat(stored)).ino).toBe((await stat(file)).ino);
    // The upload's name is the caller's to remove; the bundle stays.
    await rm(file);
    expect((await readFile(stored)).equals(BYTES)).toBe(true);
    expect((await storage.head(KEY))?.size).toBe(BYTES.length);
  });

  it('refuses an existing key and keeps the first bundle', async () => {
    await storage.putFile(KEY, await upload(BYTES), optionsFor(BYTES));
    const other = randomBytes(1000);
    const error = await storage
      .putFile(KEY, await upload(other, 'other.tgz'), optionsFor(other))
      .catch((e) => e);
    expect(isBundleStorageError(error, 'exists')).toBe(true);
    expect((await readFile(join(root, ...KEY.split('/')))).equals(BYTES)).toBe(true);
  });

  it('refuses a file whose size is not the one given, and a malformed integrity, storing nothing', async () => {
    const file = await upload(BYTES);
    const short = await storage
      .putFile(KEY, file, { ...optionsFor(BYTES), size: BYTES.length + 1 })
      .catch((e) => e);
    expect(isBundleStorageError(short, 'sizeMismatch')).toBe(true);
    const malformed = await storage
      .putFile(KEY, file, { ...optionsFor(BYTES), integrity: 'sha1-x' })
      .catch((e) => e);
    expect(isBundleStorageError(malformed, 'invalidIntegrity')).toBe(true);
    expect(await filesUnderRoot()).toEqual([]);
  });
});

describe('putBundleFile', () => {
  it('streams the file to put when the storage cannot take a file, verifying it on the way', async () => {
    const puts: string[] = [];
    const streamed: BundleStorage = {
      put: (key: string, body: Readable, options: PutBundleOptions) => {
        puts.push(key);
        return storage.put(key, body, options);
      },
      head: (key) => storage.head(key),
      get: (key, range) => storage.get(key, range),
      delete: (key) => storage.delete(key),
    };
    const file = await upload(BYTES);
    await putBundleFile(streamed, KEY, file, optionsFor(BYTES));
    expect(puts).toEqual([KEY]);
    expect((await stat(join(root, ...KEY.split('/')))).ino).not.toBe((await stat(file)).ino);

    const other = bundleKey({
      did: 'did:pkh:eip155:1:0x01',
      version: '1.0.1',
      name: 'app',
      upload: 'appv_2',
    });
    const wrong = await putBundleFile(streamed, other, file, optionsFor(randomBytes(BYTES.length))).catch(
      (e) => e,
    );
    expect(isBundleStorageError(wrong, 'integrityMismatch')).toBe(true);
    expect(await storage.head(other)).toBeUndefined();
  });
});

describe('putFile as the store uses it', () => {
  const test = createTestDatabase('sqlite');
  let database: ReturnType<typeof openDatabase>;
  afterAll(async () => {
    await database?.close();
    await (await test).dispose();
  });

  it('is refused inside a transaction, like every other call of the storage', async () => {
    const { databaseUrl, dataDir } = await test;
    database = openDatabase({ databaseUrl, dataDir });
    const guarded = outsideTransactions(storage);
    const file = await upload(BYTES);
    await transaction(database.db, async () => {
      await database.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      await expect(putBundleFile(guarded, KEY, file, optionsFor(BYTES))).rejects.toBeInstanceOf(
        OutsideIoInTransactionError,
      );
    });
    expect(await filesUnderRoot()).toEqual([]);
    await putBundleFile(guarded, KEY, file, optionsFor(BYTES));
    expect(await filesUnderRoot()).toEqual(['app-1.0.0.tgz']);
  });
});
