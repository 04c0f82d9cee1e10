import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { integrityOf, integrityOfFile, integrityOfStream, isIntegrity } from './integrity.ts';
import { removeTempDirs, tempDir } from './test-fixtures.ts';

afterAll(removeTempDirs);

describe('tarball integrity', () => {
  const bytes = Buffer.from('a tarball, or any bytes at all\n'.repeat(1000));
  const expected = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

  it('is the sha512 SRI of the bytes, the same from a buffer, a stream in pieces and a file', async () => {
    expect(integrityOf(bytes)).toBe(expected);
    expect(isIntegrity(expected)).toBe(true);
    const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 5000), bytes.subarray(5000)];
    expect(await integrityOfStream(Readable.from(pieces))).toBe(expected);
    const file = join(await tempDir(), 'x.tgz');
    await writeFile(file, bytes);
    expect(await integrityOfFile(file)).toBe(expected);
  });

  it('changes with one byte, and accepts no other algorithm or form', () => {
    const changed = Buffer.from(bytes);
    changed[100]! ^= 1;
    expect(integrityOf(changed)).not.toBe(expected);
    expect(isIntegrity(expected.replace('sha512-', 'sha256-'))).toBe(false);
    expect(isIntegrity(`${expected} sha512-x`)).toBe(false);
    expect(isIntegrity(expected.slice(0, -3))).toBe(false);
  });
});
