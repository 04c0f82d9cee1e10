import { KioskError } from '@kiosk/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BundleStorageError, sha512Digest, type BundleStorage } from './bundle-storage.ts';
import { contentRange, parseRangeHeader, unsatisfiedContentRange } from './range.ts';

export interface BundleDownload {
  storage: BundleStorage;
  key: string;
  /** The version's sha512 integrity (`sha512-…`), the one its signature covers. */
  integrity: string;
  /** Called once, before any byte is sent, for a download that counts (see `decideDownload`). */
  onCounted?: () => void | Promise<void>;
}

/** The answer to a download request, decided from its method and headers before any I/O. */
export type DownloadAnswer =
  | { status: 200; body: boolean; counted: boolean }
  | { status: 206; start: number; end: number; counted: boolean }
  | { status: 304 }
  | { status: 416 };

export interface DownloadRequest {
  method: string;
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
}

/**
 * Answers a bundle download: 200 with the whole stream, 206 with one range, 304 when the client
 * holds it already, 416 for a range past the end; HEAD gets the headers of the 200 only. The caller
 * has decided who may see the version before calling (drafts only to their developer and admins).
 *
 * Register the route as `method: ['GET', 'HEAD']`: fastify's generated HEAD route would replace
 * the Content-Length of a HEAD answer with 0.
 */
export async function sendBundle(
  request: FastifyRequest,
  reply: FastifyReply,
  download: BundleDownload,
): Promise<FastifyReply> {
  const stored = await download.storage.head(download.key);
  if (!stored) throw new BundleStorageError({ kind: 'notFound', key: download.key });
  const etag = bundleEtag(download.integrity);
  const answer = decideDownload(downloadRequestOf(request), stored.size, etag);

  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    // Private: a draft's answer must not sit in a shared cache; no-cache: a client revalidates
    // (a cheap 304) so a bundle that was blocked or withdrawn stops being served.
    .header('cache-control', 'private, no-cache')
    // The developer's bytes: a browser opening them runs no script of theirs (helmet adds nosniff).
    .header('content-security-policy', 'sandbox');

  switch (answer.status) {
    case 304:
      return reply.code(304).send();
    case 416:
      reply.header('content-range', unsatisfiedContentRange(stored.size));
      throw new KioskError('RANGE_NOT_SATISFIABLE', { status: 416, params: { size: stored.size } });
    case 200:
    case 206: {
      const range = answer.status === 206 ? { start: answer.start, end: answer.end } : undefined;
      reply
        .code(answer.status)
        .header('content-type', 'application/gzip')
        .header('content-disposition', attachment(download.key))
        .header('content-length', range ? range.end - range.start + 1 : stored.size);
      if (range) reply.header('content-range', contentRange(range.start, range.end, stored.size));
      if (answer.status === 200 && !answer.body) return reply.send();
      const body = await download.storage.get(download.key, range);
      if (answer.counted) {
        try {
          await download.onCounted?.();
        } catch (error) {
          body.destroy();
          throw error;
        }
      }
      return reply.send(body);
    }
  }
}

/**
 * The HTTP decision, as a value (RFC 9110 §13.2.2 orders the preconditions: If-None-Match first,
 * then If-Range, then Range; only GET has ranges, §14.2).
 *
 * A download counts when it is a GET (never a HEAD) whose bytes start at 0: a whole-file 200, or a
 * 206 from byte 0. A resumed download asks for a range from the middle, and it is the same download
 * carrying on, not a second one; a 304 sends nothing. Counting at the start rather than at the end
 * means an interrupted download that the client resumes is counted exactly once.
 */
export function decideDownload(request: DownloadRequest, size: number, etag: string): DownloadAnswer {
  if (request.ifNoneMatch !== undefined && noneMatchHits(request.ifNoneMatch, etag)) return { status: 304 };
  const isGet = request.method === 'GET';
  if (!isGet) return { status: 200, body: false, counted: false };
  const whole = { status: 200, body: true, counted: true } as const;
  if (request.range === undefined) return whole;
  // §13.1.5: a range only while the client's copy is this one; an If-Range date is never taken, as
  // the ETag is the validator here and a date can only be weaker.
  if (request.ifRange !== undefined && request.ifRange.trim() !== etag) return whole;
  const range = parseRangeHeader(request.range, size);
  switch (range.kind) {
    case 'whole':
      return whole;
    case 'unsatisfiable':
      return { status: 416 };
    case 'partial':
      return { status: 206, start: range.start, end: range.end, counted: range.start === 0 };
  }
}

/**
 * A strong ETag from the signed integrity: the same bytes always have it, in whichever storage they
 * live, and a client can check it against the version's metadata.
 */
export function bundleEtag(integrity: string): string {
  sha512Digest(integrity);
  return `"${integrity}"`;
}

// §13.1.2: If-None-Match uses the weak comparison, so W/"x" matches "x"; "*" matches any stored object.
function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  for (const match of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (match[1] === etag) return true;
  return false;
}

function downloadRequestOf(request: FastifyRequest): DownloadRequest {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    method: request.method,
    range: header('range'),
    ifRange: header('if-range'),
    ifNoneMatch: header('if-none-match'),
  };
}

// The key's last segment (`{name}-{version}.tgz`) is already limited to safe characters by the key
// rules, so it needs no RFC 6266 encoding.
function attachment(key: string): string {
  return `attachment; filename="${key.slice(key.lastIndexOf('/') + 1)}"`;
}
