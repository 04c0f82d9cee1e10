import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReceivedRelease, checkRelease } from './check-release.ts';
import { inspectBundle, inspectionFeed, type InspectOptions } from './inspect.ts';
import { integrityOf } from './integrity.ts';
import { makeApp, packAndSign, removeTempDirs, signBytes, tarOf, type FileTree } from './test-fixtures.ts';

/**
 * The upload route reads a bundle once, as it arrives: the inspection is fed the same bytes that are
 * hashed and written (inspectionFeed), and the checks take the size, integrity and inspection so
 * gathered (checkReceivedRelease). Both answer what the file-reading forms answer.
 */

afterAll(removeTempDirs);

/** Feeds `bytes` in slices of `slice` bytes, as a request body arrives, and answers the inspection. */
async function feed(bytes: Buffer, slice: number, options?: InspectOptions) {
  const inspection = inspectionFeed(options);
  for (let at = 0; at < bytes.length; at += slice) await inspection.write(bytes.subarray(at, at + slice));
  return inspection.end();
}

/** checkReceivedRelease of `bytes` fed as they would arrive. */
async function checkReceived(bytes: Buffer, release: Parameters<typeof checkRelease>[0]['release']) {
  return checkReceivedRelease({
    release,
    received: { size: bytes.length, integrity: integrityOf(bytes), inspection: feed(bytes, 65_536) },
  });
}

async function packedApp(files: FileTree = {}) {
  const app = await makeApp({ files });
  return { app, ...(await packAndSign(app)) };
}

describe('inspecting a bundle fed as it arrives', () => {
  it('finds what reading its file finds, whatever the slices', async () => {
    const { file } = await packedApp({
      'assets/data.bin': randomBytes(100_000),
      'dist/app.js': 'let a = 1;\n',
    });
    const bytes = await readFile(file);
    const fromFile = await inspectBundle(file);
    expect(fromFile.problems).toEqual([]);
    for (const slice of [97, 4_096, 65_536, bytes.length])
      expect(await feed(bytes, slice), `${slice}`).toEqual(fromFile);
  });

  it('stops at a problem, drops the bytes after it and still answers', async () => {
    const { file } = await packedApp();
    const tar = await tarOf(file);
    const trailed = gzipSync(
      Buffer.concat([tar, Buffer.from('package/smuggled.js'), randomBytes(2_000_000)]),
    );
    const inspection = await feed(trailed, 16_384);
    expect(inspection.problems).toEqual([{ code: 'BUNDLE_DATA_AFTER_END', params: {} }]);
    expect(inspection.complete).toBe(false);

    const bomb = await feed(gzipSync(Buffer.concat([tar, Buffer.alloc(4 * 1024 * 1024)])), 8_192, {
      maxUnpackedBytes: 1024 * 1024,
    });
    expect(bomb.problems).toEqual([{ code: 'BUNDLE_UNPACKED_TOO_LARGE', params: { max: '1 MB' } }]);
    expect(await feed(Buffer.from('no gzip here\n'.repeat(50)), 100)).toMatchObject({
      problems: [{ code: 'BUNDLE_UNREADABLE', params: {} }],
      complete: false,
    });
    expect((await feed(Buffer.alloc(0), 1)).problems).toEqual([{ code: 'BUNDLE_UNREADABLE', params: {} }]);
  });

  it('is given up when the upload fails, without an answer and without an unhandled error', async () => {
    const { file } = await packedApp();
    const bytes = await readFile(file);
    const inspection = inspectionFeed();
    await inspection.write(bytes.subarray(0, bytes.length / 2));
    inspection.abort();
    // Bytes after the abort are dropped; nobody asks for the inspection.
    await inspection.write(bytes.subarray(bytes.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

describe('publish-time checks of a bundle read as it arrived', () => {
  it('answer what checkRelease answers of the same file', async () => {
    const { app, file, release } = await packedApp({ 'index.html': '<h1>Weather</h1>' });
    const bytes = await readFile(file);
    const received = await checkReceived(bytes, release);
    expect(received).toEqual(await checkRelease({ file, release }));
    expect(received).toEqual({
      ok: true,
      metadata: app.metadata,
      integrity: release.integrity,
      size: bytes.length,
      launchable: true,
    });
  });

  it('answer only the integrity or the signature when they fail, dropping what the inspection found', async () => {
    const { app, file, release } = await packedApp();
    const tar = await tarOf(file);
    // A signed archive with data after its end, and the same bytes one byte changed after signing.
    const crafted = await signBytes(app, gzipSync(Buffer.concat([tar, Buffer.from('package/x.js')])));
    const signed = await readFile(crafted.file);
    expect(await checkReceived(signed, crafted.release)).toEqual({
      ok: false,
      problems: [{ code: 'BUNDLE_DATA_AFTER_END', params: {} }],
    });
    const changed = Buffer.from(signed);
    changed[changed.length >> 1]! ^= 0x01;
    expect(await checkReceived(changed, crafted.release)).toEqual({
      ok: false,
      problems: [
        {
          code: 'INTEGRITY_MISMATCH',
          params: { expected: crafted.release.integrity, actual: integrityOf(changed) },
        },
      ],
    });

    const otherKey = await packAndSign(app, { signWith: generatePrivateKey() });
    expect(await checkReceived(await readFile(otherKey.file), otherKey.release)).toMatchObject({
      ok: false,
      problems: [{ code: 'WRONG_SIGNER', params: { did: app.did } }],
    });
    expect(release.integrity).not.toBe(crafted.release.integrity);
  });

  it('refuse a bundle over the store’s limit from its size, whatever the inspection says', async () => {
    const { file, release } = await packedApp();
    const bytes = await readFile(file);
    const check = await checkReceivedRelease({
      release,
      maxBytes: 10_000,
      received: { size: bytes.length, integrity: release.integrity, inspection: feed(bytes, 65_536) },
    });
    expect(check).toMatchObject({ ok: false, problems: [{ code: 'BUNDLE_TOO_LARGE' }] });
  });
});
