import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { appDidFromPrivateKey } from './app-did.ts';
import { integrityOfFile } from './integrity.ts';
import { packBundleToFile } from './pack.ts';
import { releaseText, signRelease, type SignedRelease } from './release-signature.ts';

/**
 * Real app folders, packed and signed the way `kiosk publish` will, for the bundle tests. Test
 * support only: nothing in production imports it.
 */

const made: string[] = [];

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kiosk-bundle-'));
  made.push(dir);
  return dir;
}

/**
 * An app name no other name made here comes near: `prefix` and 16 random letters. The store refuses a
 * name within two edits of another app's (squatting.ts), which six random characters, mostly the
 * same `x` for every digit, did now and then.
 */
export function uniqueAppName(prefix: string): string {
  return `${prefix}-${[...randomBytes(16)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

/** Removes every folder this module made (call from afterAll). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** The first bytes of each image format, then noise: enough for a format check, small to write. */
export const image = {
  png: (size = 2048) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(size - 8)]),
  jpg: (size = 2048) => Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), randomBytes(size - 4)]),
  webp: (size = 2048) =>
    Buffer.concat([Buffer.from('RIFF'), randomBytes(4), Buffer.from('WEBP'), randomBytes(size - 12)]),
  svg: () =>
    Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n'),
};

export type FileTree = Record<string, string | Buffer | undefined>;

export async function writeTree(dir: string, files: FileTree): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    if (content === undefined) continue;
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

export interface TestApp {
  dir: string;
  privateKey: `0x${string}`;
  did: string;
  metadata: Record<string, unknown>;
}

/**
 * A folder a developer would publish: kiosk.json, logo, two screenshots, code and a readme.
 * `metadata` fields replace the defaults (undefined removes one); `files` add or replace files.
 */
export async function makeApp(
  options: { metadata?: Record<string, unknown>; files?: FileTree } = {},
): Promise<TestApp> {
  const dir = await tempDir();
  const privateKey = generatePrivateKey();
  const did = appDidFromPrivateKey(privateKey);
  const metadata: Record<string, unknown> = {
    name: 'weather-board',
    title: 'Weather Board',
    description: 'Forecasts for the places you care about.',
    version: '1.0.0',
    did,
    logo: 'logo.png',
    screenshots: ['screenshots/today.png', 'screenshots/week.webp'],
    category: 'Weather',
    homepage: 'https://weather.example.org',
    changelog: '## 1.0.0\n\nFirst release.',
    main: 'dist/index.js',
  };
  for (const [key, value] of Object.entries(options.metadata ?? {}))
    if (value === undefined) delete metadata[key];
    else metadata[key] = value;
  await writeTree(dir, {
    'kiosk.json': JSON.stringify(metadata, null, 2),
    'logo.png': image.png(),
    'screenshots/today.png': image.png(64 * 1024),
    'screenshots/week.webp': image.webp(64 * 1024),
    'dist/index.js': 'export function start(el) {\n  el.textContent = "Sunny";\n}\n',
    'README.md': '# Weather Board\n\nShows the weather.\n',
    ...options.files,
  });
  return { dir, privateKey, did, metadata };
}

export interface PackedApp {
  file: string;
  release: SignedRelease;
}

/** Packs the app into a temp file and signs its release with the app's key (or `signWith`). */
export async function packAndSign(
  app: TestApp,
  options: { signWith?: `0x${string}` } = {},
): Promise<PackedApp> {
  const file = join(await tempDir(), 'bundle.tgz');
  const packed = await packBundleToFile(app.dir, file);
  const release = {
    did: app.did,
    name: String(app.metadata.name),
    version: String(app.metadata.version),
    integrity: packed.integrity,
  };
  if (!options.signWith) return { file, release: await signRelease(app.privateKey, release) };
  // signRelease refuses a key that is not the DID's, so another key's signature is made directly.
  const signature = await privateKeyToAccount(options.signWith).signMessage({
    message: releaseText(release),
  });
  return { file, release: { ...release, signature } };
}

/*
 * Archives no honest packer makes, written block by block (ustar, POSIX.1-2001): the tests of what
 * the store refuses build them here rather than trusting a tar library to make something wrong.
 */

const TAR_BLOCK = 512;

/** One ustar header block, checksummed. `type` is the typeflag character ('0' a file, 'x' pax …). */
export function tarHeader(fields: { path: string; size?: number; type?: string; linkpath?: string }): Buffer {
  const block = Buffer.alloc(TAR_BLOCK);
  block.write(fields.path, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${(fields.size ?? 0).toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write('03555172644\0', 136, 'ascii');
  block.write(fields.type ?? '0', 156, 'ascii');
  if (fields.linkpath) block.write(fields.linkpath, 157, 100, 'utf8');
  block.write('ustar\u000000', 257, 'ascii');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padToBlock = (bytes: Buffer) =>
  Buffer.concat([bytes, Buffer.alloc((TAR_BLOCK - (bytes.length % TAR_BLOCK)) % TAR_BLOCK)]);

/** A header and its body, padded to whole blocks. */
export function tarEntry(
  path: string,
  content: string | Buffer = '',
  fields: { type?: string; linkpath?: string } = {},
): Buffer {
  const body = Buffer.from(content);
  return Buffer.concat([tarHeader({ path, size: body.length, ...fields }), padToBlock(body)]);
}

/** A pax extended header ('x', or 'g' for a global one) with its records. */
export function paxEntry(records: Record<string, string>, options: { global?: boolean; name?: string } = {}) {
  const body = Object.entries(records)
    .map(([key, value]) => {
      const record = ` ${key}=${value}\n`;
      let length = Buffer.byteLength(record) + 1;
      while (String(length).length + Buffer.byteLength(record) !== length) length++;
      return `${length}${record}`;
    })
    .join('');
  const name = options.name ?? (options.global ? 'pax_global_header' : 'PaxHeader/entry');
  return tarEntry(name, body, { type: options.global ? 'g' : 'x' });
}

/** The two zero blocks that end a tar archive. */
export const TAR_END = Buffer.alloc(2 * TAR_BLOCK);

/** The uncompressed tar inside a packed bundle, its end-of-archive blocks included. */
export async function tarOf(packedFile: string): Promise<Buffer> {
  return gunzipSync(await readFile(packedFile));
}

/** Writes `bytes` as the app's bundle and signs a release of them with the app's key. */
export async function signBytes(app: TestApp, bytes: Buffer): Promise<PackedApp> {
  const file = join(await tempDir(), 'hand-made.tgz');
  await writeFile(file, bytes);
  const release = {
    did: app.did,
    name: String(app.metadata.name),
    version: String(app.metadata.version),
    integrity: await integrityOfFile(file),
  };
  return { file, release: await signRelease(app.privateKey, release) };
}
