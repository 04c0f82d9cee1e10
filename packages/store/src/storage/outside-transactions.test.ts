import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { openDatabase, OutsideIoInTransactionError, transaction } from '@kiosk/db';
import { createTestDatabase } from '@kiosk/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleKey, outsideTransactions } from './bundle-storage.ts';
import { FileBundleStorage } from './file-storage.ts';

/**
 * Bundle storage is outside I/O (issue 20): the store's storage refuses every call made while a
 * database transaction is open, so publishing cannot copy a bundle while holding SQLite's only
 * connection or PostgreSQL's lock on the app (it did, until the upload stored before its transaction).
 */
describe('bundle storage as the store uses it', () => {
  const test = createTestDatabase('sqlite');
  let root: string;
  let database: ReturnType<typeof openDatabase>;
  const key = bundleKey({ did: 'did:pkh:eip155:1:0x01', version: '1.0.0', name: 'app', upload: 'appv_1' });
  const bytes = Buffer.from('a bundle');
  const options = {
    size: bytes.length,
    contentType: 'application/gzip',
    integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
  };

  beforeAll(async () => {
    const { databaseUrl, dataDir } = await test;
    database = openDatabase({ databaseUrl, dataDir });
    root = await mkdtemp(join(tmpdir(), 'kiosk-outside-'));
  });
  afterAll(async () => {
    await database?.close();
    await (await test).dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses each call inside a transaction and stores nothing', async () => {
    const storage = outsideTransactions(new FileBundleStorage(root));
    await transaction(database.db, async () => {
      // The transaction begins at its first query.
      await database.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      await expect(storage.put(key, Readable.from([bytes]), options)).rejects.toBeInstanceOf(
        OutsideIoInTransactionError,
      );
      await expect(storage.head(key)).rejects.toBeInstanceOf(OutsideIoInTransactionError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(OutsideIoInTransactionError);
    });
    expect(await storage.head(key)).toBeUndefined();
  });

  it('works outside one, and is still the storage it wraps', async () => {
    const storage = outsideTransactions(new FileBundleStorage(root));
    await storage.put(key, Readable.from([bytes]), options);
    expect((await storage.head(key))?.size).toBe(bytes.length);
    expect(storage).toBeInstanceOf(FileBundleStorage);
  });
});
