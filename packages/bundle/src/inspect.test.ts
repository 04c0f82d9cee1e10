import { randomBytes } from 'node:crypto';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { create } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeText, inspectBundle } from './inspect.ts';
import { packBundleToFile } from './pack.ts';
import {
  image,
  makeApp,
  removeTempDirs,
  paxEntry,
  tarEntry,
  tarHeader,
  tarOf,
  tempDir,
  writeTree,
  type FileTree,
} from './test-fixtures.ts';

afterAll(removeTempDirs);

// Built at run time so this file holds no secret-shaped text for scanners of this repository.
const hex64 = 'a3f1'.repeat(16);
const base62 = 'Zk3qT9vLm2Xw8RpA7cYd4HfN6sGb1Ju5';
const liveKey = `sk_${'live'}_${base62}`;

async function packed(files: FileTree = {}, metadata: Record<string, unknown> = {}) {
  const app = await makeApp({ files, metadata });
  const file = join(await tempDir(), 'bundle.tgz');
  await packBundleToFile(app.dir, file);
  return file;
}

/** A tarball made by hand from `dir`, the way no honest packer would make it. */
async function handMade(dir: string, paths: string[], cwd = dir): Promise<string> {
  const file = join(await tempDir(), 'hand-made.tgz');
  await create({ gzip: true, file, cwd, portable: true }, paths);
  return file;
}

describe('inspecting an uploaded bundle', () => {
  it('reads its metadata, its files, and the logo and screenshots with their sizes and real formats', async () => {
    const inspection = await inspectBundle(await packed({ 'screenshots/week.webp': image.png(1000) }));
    expect(inspection.problems).toEqual([]);
    expect(inspection.complete).toBe(true);
    expect(inspection.metadata).toMatchObject({
      found: true,
      json: { name: 'weather-board', logo: 'logo.png' },
    });
    expect(inspection.files.map((f) => f.path)).toEqual([
      'README.md',
      'dist/index.js',
      'kiosk.json',
      'logo.png',
      'screenshots/today.png',
      'screenshots/week.webp',
    ]);
    expect(inspection.logo).toEqual({ path: 'logo.png', size: 2048, kind: 'png' });
    expect(inspection.screenshots).toEqual([
      { path: 'screenshots/today.png', size: 64 * 1024, kind: 'png' },
      { path: 'screenshots/week.webp', size: 1000, kind: 'png' },
    ]);
    expect(inspection.secrets).toEqual([]);
  });

  it('finds a private key and a live API key in a bundled .js with their file and line, never the secret', async () => {
    const js = `// settings\nconst PRIVATE_KEY = "0x${hex64}";\nexport const payments = { key: "${liveKey}" };\n`;
    const inspection = await inspectBundle(await packed({ 'dist/settings.js': js }));
    expect(inspection.secrets).toEqual([
      { file: 'dist/settings.js', line: 2, column: 22, kind: 'evmPrivateKey' },
      { file: 'dist/settings.js', line: 3, column: 33, kind: 'kioskOrStripeKey' },
    ]);
    const answer = JSON.stringify(inspection);
    expect(answer).not.toContain(hex64);
    expect(answer).not.toContain(base62);
  });

  it('treats a file named like the app key as a secret, whatever it holds', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'package/kiosk.json': '{}', 'package/keys/.kiosk-app-key': 'anything' });
    const inspection = await inspectBundle(await handMade(dir, ['package']));
    expect(inspection.secrets).toEqual([
      { file: 'keys/.kiosk-app-key', line: 1, column: 1, kind: 'evmPrivateKey' },
    ]);
  });

  it('does not take random bytes for a secret: a binary file is told apart and not scanned', async () => {
    const inspection = await inspectBundle(
      await packed({ 'assets/model.bin': randomBytes(256 * 1024), 'assets/short.bin': randomBytes(100) }),
    );
    expect(inspection.secrets).toEqual([]);
    expect(inspection.unscanned).toEqual(
      expect.arrayContaining([
        { file: 'assets/model.bin', reason: 'binary' },
        { file: 'assets/short.bin', reason: 'binary' },
      ]),
    );
    expect(inspection.unscanned.map((u) => u.file)).not.toContain('dist/index.js');
  });

  it('tells text from binary by NUL bytes and UTF-8', () => {
    expect(decodeText(Buffer.from('héllo 天气\n'))).toBe('héllo 天气\n');
    expect(decodeText(Buffer.from('abc\0def'))).toBeUndefined();
    expect(decodeText(Buffer.from([0x68, 0x69, 0xff, 0xfe]))).toBeUndefined();
    expect(decodeText(Buffer.from('caf\xe9', 'latin1'))).toBeUndefined();
  });

  it('skips files over the scan limit and says so', async () => {
    const big = `${'// filler\n'.repeat(200)}const key = "${liveKey}";\n`;
    const inspection = await inspectBundle(await packed({ 'dist/big.js': big }), { scanMaxBytes: 1000 });
    expect(inspection.secrets).toEqual([]);
    expect(inspection.unscanned).toContainEqual({ file: 'dist/big.js', reason: 'tooLarge' });
    // kiosk.json is read whatever the scan limit
    const tiny = await inspectBundle(await packed(), { scanMaxBytes: 10 });
    expect(tiny.metadata).toMatchObject({ found: true, json: { name: 'weather-board' } });
  });

  it('reports entries outside package/, links and duplicates', async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      'package/kiosk.json': '{}',
      'package/a.js': 'a',
      'other/x.js': 'x',
      'sub/y.js': 'y',
    });
    await symlink('/etc/hostname', join(dir, 'package/link'));
    const file = await handMade(dir, [
      'package/kiosk.json',
      'package/a.js',
      'package/a.js',
      'package/link',
      'other/x.js',
    ]);
    const inspection = await inspectBundle(file);
    expect(inspection.problems).toEqual([
      { code: 'ENTRY_DUPLICATE', params: { entry: 'a.js' } },
      { code: 'ENTRY_NOT_FILE', params: { entry: 'package/link' } },
      { code: 'ENTRY_OUTSIDE_PACKAGE', params: { entry: 'other/x.js' } },
    ]);
    expect(inspection.complete).toBe(true);

    const climbing = await inspectBundle(await handMade(dir, ['../package/a.js'], join(dir, 'sub')));
    expect(climbing.problems).toEqual([
      { code: 'ENTRY_OUTSIDE_PACKAGE', params: { entry: '../package/a.js' } },
    ]);
  });

  it('stops reading a decompression bomb at the entry that crosses the unpacked limit', async () => {
    const inspection = await inspectBundle(
      await packed({ 'data/zeros.txt': Buffer.alloc(4 * 1024 * 1024) }),
      {
        maxUnpackedBytes: 1024 * 1024,
      },
    );
    expect(inspection.complete).toBe(false);
    expect(inspection.problems).toEqual([{ code: 'BUNDLE_UNPACKED_TOO_LARGE', params: { max: '1 MB' } }]);
    expect(inspection.files.map((f) => f.path)).not.toContain('data/zeros.txt');
  });

  it('stops at too many files', async () => {
    const inspection = await inspectBundle(await packed(), { maxFiles: 3 });
    expect(inspection.complete).toBe(false);
    expect(inspection.problems).toEqual([{ code: 'BUNDLE_TOO_MANY_FILES', params: { max: 3 } }]);
    expect(inspection.files).toHaveLength(3);
  });

  it('answers BUNDLE_UNREADABLE for bytes that are no tarball, a cut-off one and an empty file', async () => {
    const dir = await tempDir();
    const whole = await readFile(await packed());
    const cases = {
      garbage: Buffer.from('this is not a tarball\n'.repeat(100)),
      truncated: whole.subarray(0, whole.length - 40),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      await writeFile(join(dir, name), bytes);
      const inspection = await inspectBundle(join(dir, name));
      expect(inspection.problems, name).toEqual([{ code: 'BUNDLE_UNREADABLE', params: {} }]);
    }
  });

  it('answers BUNDLE_UNREADABLE for a well-formed tar that is not gzipped, or gzipped twice', async () => {
    const dir = await tempDir();
    const tar = await tarOf(await packed());
    const cases = { plain: tar, twice: gzipSync(gzipSync(tar)) };
    for (const [name, bytes] of Object.entries(cases)) {
      await writeFile(join(dir, name), bytes);
      const inspection = await inspectBundle(join(dir, name));
      expect(inspection.problems, name).toEqual([{ code: 'BUNDLE_UNREADABLE', params: {} }]);
      expect(inspection.files, name).toEqual([]);
    }
  });

  it('refuses data after the end of the archive, right after it or far behind zero padding', async () => {
    const dir = await tempDir();
    const tar = await tarOf(await packed());
    const cases = {
      right: Buffer.concat([tar, Buffer.from('package/smuggled.js')]),
      behind: Buffer.concat([tar, Buffer.alloc(1024 * 1024), tarEntry('package/smuggled.js', 'x')]),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      await writeFile(join(dir, name), gzipSync(bytes));
      const inspection = await inspectBundle(join(dir, name));
      expect(inspection.problems, name).toEqual([{ code: 'BUNDLE_DATA_AFTER_END', params: {} }]);
      expect(inspection.complete, name).toBe(false);
    }
  });

  it('reads megabytes after the end of the archive in linear time', async () => {
    const tar = await tarOf(await packed());
    // Text-like filler, far under the 1000:1 ratio at which node-tar gives up by itself.
    const after = Buffer.alloc(16 * 1024 * 1024, 'a');
    for (let at = 0; at < after.length; at += 1024) after[at] = 0x61 + (at % 26);
    const file = join(await tempDir(), 'after.tgz');
    await writeFile(file, gzipSync(Buffer.concat([tar, after])));
    const started = performance.now();
    const inspection = await inspectBundle(file);
    expect(inspection.problems).toEqual([{ code: 'BUNDLE_DATA_AFTER_END', params: {} }]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('takes the zero padding tar writes after the end, counting it against the unpacked limit', async () => {
    const dir = await tempDir();
    const tar = await tarOf(await packed());
    // GNU tar fills its last 10 KB record with zeros.
    await writeFile(join(dir, 'record'), gzipSync(Buffer.concat([tar, Buffer.alloc(10 * 1024)])));
    const padded = await inspectBundle(join(dir, 'record'));
    expect(padded.problems).toEqual([]);
    expect(padded.complete).toBe(true);
    // Every byte the gzip stream unpacks to counts, not only the files' declared sizes.
    await writeFile(join(dir, 'zeros'), gzipSync(Buffer.concat([tar, Buffer.alloc(4 * 1024 * 1024)])));
    const zeros = await inspectBundle(join(dir, 'zeros'), { maxUnpackedBytes: 1024 * 1024 });
    expect(zeros.problems).toEqual([{ code: 'BUNDLE_UNPACKED_TOO_LARGE', params: { max: '1 MB' } }]);
  });

  it('refuses headers that other tar readers take to move, link or resize an entry', async () => {
    const dir = await tempDir();
    const tar = await tarOf(await packed());
    const file = (path: string, content = 'export {};\n') => tarEntry(path, content);
    const cases: [string, Buffer, unknown][] = [
      [
        // Python's tarfile and GNU tar put every later entry at ../../g-escape.txt; node-tar does not.
        'global',
        Buffer.concat([paxEntry({ path: '../../g-escape.txt' }, { global: true }), tar]),
        { code: 'ARCHIVE_GLOBAL_HEADER', params: { entry: 'pax_global_header' } },
      ],
      [
        'GNU long name',
        Buffer.concat([
          tarEntry('././@LongLink', 'package/long.js\0', { type: 'L' }),
          file('package/x.js'),
          tar,
        ]),
        { code: 'ENTRY_HEADER_NOT_ALLOWED', params: { entry: '././@LongLink', field: 'typeflag L' } },
      ],
      [
        'linkpath',
        Buffer.concat([paxEntry({ linkpath: '/etc/passwd' }), file('package/a.js'), tar]),
        { code: 'ENTRY_HEADER_NOT_ALLOWED', params: { entry: 'package/a.js', field: 'pax linkpath' } },
      ],
      [
        'size',
        Buffer.concat([paxEntry({ size: '0' }), file('package/a.js'), tar]),
        { code: 'ENTRY_HEADER_NOT_ALLOWED', params: { entry: 'package/a.js', field: 'pax size' } },
      ],
      [
        'path elsewhere',
        Buffer.concat([paxEntry({ path: 'package/b.js' }), file('package/a.js'), tar]),
        { code: 'ENTRY_HEADER_NOT_ALLOWED', params: { entry: 'package/a.js', field: 'pax path' } },
      ],
      [
        'sparse name',
        Buffer.concat([paxEntry({ 'GNU.sparse.name': 'package/b.js' }), file('package/a.js'), tar]),
        { code: 'ENTRY_HEADER_NOT_ALLOWED', params: { entry: 'package/a.js', field: 'pax GNU.sparse.name' } },
      ],
      [
        'folder with a size',
        Buffer.concat([
          tarHeader({ path: 'package/docs/', type: '5', size: 512 }),
          tarEntry('package/c.js', ''),
          tar,
        ]),
        { code: 'ENTRY_HEADER_NOT_ALLOWED', params: { entry: 'package/docs/', field: 'size' } },
      ],
    ];
    for (const [name, bytes, refusal] of cases) {
      await writeFile(join(dir, 'crafted.tgz'), gzipSync(bytes));
      const inspection = await inspectBundle(join(dir, 'crafted.tgz'));
      expect(inspection.problems, name).toEqual([refusal]);
      expect(inspection.complete, name).toBe(false);
    }

    // A name only a pax header can hold: its header's own name must begin it, inside package/.
    const outside = Buffer.concat([paxEntry({ path: 'package/a.js' }), file('pack'), tar]);
    await writeFile(join(dir, 'outside.tgz'), gzipSync(outside));
    expect((await inspectBundle(join(dir, 'outside.tgz'))).problems).toEqual([
      { code: 'ENTRY_OUTSIDE_PACKAGE', params: { entry: 'pack' } },
    ]);
  });

  it('reports an entry of a type it does not know, which GNU tar and Python unpack as a file', async () => {
    const tar = await tarOf(await packed());
    const file = join(await tempDir(), 'unknown-type.tgz');
    await writeFile(file, gzipSync(Buffer.concat([tarEntry('package/run.sh', 'x', { type: 'Z' }), tar])));
    const inspection = await inspectBundle(file);
    expect(inspection.problems).toEqual([{ code: 'ENTRY_NOT_FILE', params: { entry: 'package/run.sh' } }]);
    expect(inspection.complete).toBe(true);
  });

  it('takes the pax headers the packer writes for long and non-ASCII names', async () => {
    const long = `docs/${'chapter-'.repeat(20)}/天气预报.md`;
    const inspection = await inspectBundle(await packed({ [long]: '# 晴\n', '说明.txt': '你好\n' }));
    expect(inspection.problems).toEqual([]);
    expect(inspection.files.map((f) => f.path)).toEqual(expect.arrayContaining([long, '说明.txt']));
  });

  it('says whether kiosk.json is missing, too large or not a JSON object', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'package'));
    await writeFile(join(dir, 'package/index.js'), '');
    expect((await inspectBundle(await handMade(dir, ['package']))).metadata).toEqual({
      found: false,
      reason: 'MISSING',
    });
    for (const text of ['{ "name": ', '[1, 2]', 'null']) {
      await writeFile(join(dir, 'package/kiosk.json'), text);
      expect((await inspectBundle(await handMade(dir, ['package']))).metadata, text).toEqual({
        found: false,
        reason: 'NOT_JSON',
      });
    }
    await writeFile(join(dir, 'package/kiosk.json'), JSON.stringify({ changelog: 'x'.repeat(300 * 1024) }));
    expect((await inspectBundle(await handMade(dir, ['package']))).metadata).toEqual({
      found: false,
      reason: 'TOO_LARGE',
    });
  });
});
