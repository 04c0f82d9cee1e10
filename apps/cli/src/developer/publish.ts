import { createReadStream, type ReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  APP_KEY_FILE,
  METADATA_FILE,
  packBundleToFile,
  signRelease,
  type Release,
  type SignedRelease,
} from '@kiosk/bundle';
import type { CallAnswer, KioskClient, PrepareInput } from '@kiosk/sdk';
import { failOnRefusal, storeClient } from './api.ts';
import { connectionOf } from './config.ts';
import { CliFailure, type CliIo } from './io.ts';
import { formatBytes, uploadProgress } from './progress.ts';

export interface PublishOptions {
  server?: string;
  token?: string;
  key?: string;
  requestReview?: boolean;
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

const UPLOAD = 'POST /api/developer/apps/upload';
type Upload = typeof UPLOAD;

/** How long an upload waits for the store's "100 Continue" before it sends the bundle anyway. */
const CONTINUE_WAIT_MS = 3_000;

async function readAppKey(file: string): Promise<`0x${string}`> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch {
    throw new CliFailure([
      `kiosk: cannot read the app key ${file} (make one with kiosk keygen, or pass --key)`,
    ]);
  }
  if (!PRIVATE_KEY.test(text)) throw new CliFailure([`kiosk: ${file} does not hold an app private key`]);
  return text as `0x${string}`;
}

/** The release's did, name and version, from kiosk.json; the store checks the rest of it. */
async function releaseFieldsOf(dir: string): Promise<Omit<Release, 'integrity'>> {
  const file = join(dir, METADATA_FILE);
  let metadata: Record<string, unknown>;
  try {
    metadata = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON';
    throw new CliFailure([`kiosk: ${file} ${reason}`]);
  }
  const { did, name, version } = metadata;
  if (typeof did !== 'string' || typeof name !== 'string' || typeof version !== 'string')
    throw new CliFailure([`kiosk: ${file} needs "did", "name" and "version"`]);
  return { did, name, version };
}

/**
 * POSTs the tarball as the raw body (docs/store.md, upload protocol), reporting the bytes handed to
 * the socket; a file stream with backpressure, so a large bundle is never held in memory. The SDK
 * builds the request from the route's contract (address, release query, token, language) and reads
 * its answer; the body is sent here, as fetch can neither report progress nor ask first. The request
 * asks first (`Expect: 100-continue`): a store that refuses the token answers before a byte of the
 * bundle is sent, so its reason always arrives, never a connection closed under the upload.
 */
function upload(
  io: CliIo,
  store: KioskClient,
  query: PrepareInput<Upload>['query'],
  file: string,
  size: number,
): Promise<CallAnswer<Upload>> {
  const call = store.prepare(UPLOAD, { query });
  const url = new URL(call.url);
  const progress = uploadProgress(io.err, 'Uploading', size);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const request = send(url, {
      method: call.method,
      headers: {
        ...call.headers,
        'content-type': 'application/gzip',
        'content-length': String(size),
        expect: '100-continue',
      },
    });
    let body: ReadStream | undefined;
    let answered = false;
    const sendBody = () => {
      if (body || answered) return;
      let sent = 0;
      body = createReadStream(file);
      body.on('data', (chunk) => {
        sent += chunk.length;
        progress.update(sent);
      });
      body.on('end', () => progress.finish());
      body.on('error', reject);
      body.pipe(request);
    };
    request.on('continue', sendBody);
    // A server or proxy that ignores the question never says continue: send anyway after a while.
    const unasked = setTimeout(sendBody, CONTINUE_WAIT_MS);
    request.on('error', (error) => {
      clearTimeout(unasked);
      // The store may close the connection after refusing early; its answer is what counts.
      if (!answered)
        reject(new CliFailure([`kiosk: the upload to ${store.baseUrl} failed: ${error.message}`]));
    });
    request.on('response', (response) => {
      answered = true;
      clearTimeout(unasked);
      // A refusal before the whole body was sent (a bundle too large as it streams).
      if (body && !body.readableEnded) {
        body.unpipe(request);
        body.destroy();
        progress.halt();
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolvePromise(
            call.answer({ status: response.statusCode ?? 0, statusText: response.statusMessage }, text),
          );
        } catch (refusal) {
          reject(refusal);
        }
      });
      response.on('error', reject);
    });
    request.flushHeaders();
  });
}

/**
 * `kiosk publish [dir]`: packs the folder, signs the release with the app's key, uploads it with the
 * developer's access token, and prints the version's status and the app's page. A refused upload
 * prints each problem the store found and fails.
 */
export async function publish(io: CliIo, dirArgument: string | undefined, options: PublishOptions) {
  const connection = await connectionOf(io, options);
  const dir = resolve(io.cwd, dirArgument ?? '.');
  const fields = await releaseFieldsOf(dir);
  const privateKey = await readAppKey(resolve(io.cwd, options.key ?? join(dir, APP_KEY_FILE)));

  const work = await mkdtemp(join(tmpdir(), 'kiosk-publish-'));
  try {
    const packed = await packBundleToFile(dir, join(work, `${fields.name}-${fields.version}.tgz`));
    for (const skipped of packed.skipped) io.err.write(`left out ${skipped.path} (${skipped.reason})\n`);
    io.err.write(
      `Packed ${fields.name} ${fields.version}: ${packed.files.length} files, ${formatBytes(packed.size)}\n`,
    );
    let release: SignedRelease;
    try {
      release = await signRelease(privateKey, { ...fields, integrity: packed.integrity });
    } catch (error) {
      throw new CliFailure([`kiosk: cannot sign the release: ${(error as Error).message}`]);
    }
    const { app, version } = await upload(
      io,
      storeClient(io, connection),
      { ...release, request_review: options.requestReview ? '1' : undefined },
      packed.file,
      packed.size,
    ).catch(failOnRefusal);
    io.out(`${fields.name} ${version.version}: ${version.status}`);
    io.out(`${connection.server}/apps/${app.did}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
