import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * Subresource Integrity of a tarball, `sha512-{base64}` (the form npm writes in lockfiles), which the
 * app key signs (release-signature.ts). One algorithm only: a list of hashes, or a weaker one, would
 * let an upload choose what the store checks.
 */
export const INTEGRITY_PATTERN = /^sha512-[A-Za-z0-9+/]{86}==$/;

export function isIntegrity(value: string): boolean {
  return INTEGRITY_PATTERN.test(value);
}

/** A running hash for bytes that pass by (pack.ts hashes the tarball while writing it). */
export function createIntegrityHash(): Hash {
  return createHash('sha512');
}

export function integrityOfHash(hash: Hash): string {
  return `sha512-${hash.digest('base64')}`;
}

export function integrityOf(bytes: Uint8Array): string {
  return integrityOfHash(createIntegrityHash().update(bytes));
}

/** Reads the stream to its end, one chunk at a time. */
export async function integrityOfStream(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const hash = createIntegrityHash();
  for await (const chunk of stream) hash.update(chunk);
  return integrityOfHash(hash);
}

export function integrityOfFile(path: string): Promise<string> {
  return integrityOfStream(createReadStream(path));
}
