import { afterAll, describe, expect, it } from 'vitest';
import { packBundle } from './pack.ts';
import { StopReading, TarReader, type TarEntryHeader } from './tar-reader.ts';
import { makeApp, removeTempDirs, TAR_END, tarEntry } from './test-fixtures.ts';
import { gunzipSync } from 'node:zlib';

afterAll(removeTempDirs);

interface ReadEntry extends TarEntryHeader {
  text: string;
}

/** Reads `tar` handed over in pieces of `size` bytes; answers the entries with their bytes. */
function readInPieces(tar: Buffer, size: number): ReadEntry[] {
  const entries: ReadEntry[] = [];
  const reader = new TarReader((header) => {
    const chunks: Buffer[] = [];
    return {
      data: (chunk) => chunks.push(Buffer.from(chunk)),
      end: () => entries.push({ ...header, text: Buffer.concat(chunks).toString('utf8') }),
    };
  });
  for (let at = 0; at < tar.length; at += size) reader.push(tar.subarray(at, at + size));
  reader.end();
  return entries;
}

function problemOf(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    if (error instanceof StopReading) return error.problem.code;
    throw error;
  }
  return undefined;
}

describe('reading the tar inside a bundle', () => {
  it('reads the same entries whatever pieces the bytes arrive in', async () => {
    const long = `docs/${'chapter-'.repeat(16)}/天气预报.md`;
    const app = await makeApp({ files: { [long]: '# 晴\n', 'empty.txt': '', 'block.bin': 'b'.repeat(512) } });
    const tar = gunzipSync((await packBundle(app.dir)).bytes);
    const whole = readInPieces(tar, tar.length);
    // The packer writes a pax header for a long or non-ASCII name: its path is the entry's.
    expect(whole.find((entry) => entry.path === `package/${long}`)).toMatchObject({
      type: 'File',
      text: '# 晴\n',
    });
    expect(whole.find((entry) => entry.path === 'package/empty.txt')).toMatchObject({ size: 0, text: '' });
    for (const size of [1, 100, 511, 512, 513, 4096])
      expect(readInPieces(tar, size), `${size}`).toEqual(whole);
  });

  it('reads an archive without its end blocks, and stops reading at the first zero block', () => {
    const entries = Buffer.concat([tarEntry('package/a.txt', 'a'), tarEntry('package/b.txt', 'b')]);
    expect(readInPieces(entries, 700).map((entry) => entry.text)).toEqual(['a', 'b']);
    const padded = Buffer.concat([tarEntry('package/a.txt', 'a'), TAR_END, Buffer.alloc(9 * 1024)]);
    expect(readInPieces(padded, 1000).map((entry) => entry.path)).toEqual(['package/a.txt']);
  });

  it('refuses an archive cut inside a header or an entry, and bytes after its end that are not zeros', () => {
    const tar = Buffer.concat([tarEntry('package/a.txt', 'a'.repeat(600)), TAR_END]);
    expect(problemOf(() => readInPieces(tar.subarray(0, 300), 512))).toBe('BUNDLE_UNREADABLE');
    expect(problemOf(() => readInPieces(tar.subarray(0, 900), 512))).toBe('BUNDLE_UNREADABLE');
    const after = Buffer.concat([tar, Buffer.alloc(3000), Buffer.from([1])]);
    for (const size of [1, 512, after.length])
      expect(
        problemOf(() => readInPieces(after, size)),
        `${size}`,
      ).toBe('BUNDLE_DATA_AFTER_END');
  });

  it('refuses a header with a bad checksum or a size that is not octal digits', () => {
    const bad = tarEntry('package/a.txt', 'a');
    bad[0] = 0x71;
    expect(problemOf(() => readInPieces(bad, 512))).toBe('BUNDLE_UNREADABLE');
    const notOctal = tarEntry('package/a.txt', 'a');
    notOctal.write('0000000009\0', 124, 'ascii');
    notOctal.fill(' ', 148, 156);
    const sum = notOctal.subarray(0, 512).reduce((total, byte) => total + byte, 0);
    notOctal.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    expect(problemOf(() => readInPieces(notOctal, 512))).toBe('BUNDLE_UNREADABLE');
  });
});
