import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIR } from './harness.ts';

/**
 * The app and the embed are typed by the contracts but carry none of their validation code: the SDK
 * imports route types only. A value import of @kiosk/contracts in react or web would pull zod into
 * every buyer's download; this catches it in what is really shipped.
 */
const scripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });

describe('the browser bundles', () => {
  it('ship no schema library', () => {
    const files = scripts(WEB_DIR);
    expect(files.some((file) => file.includes('/embed/'))).toBe(true);
    const withZod = files.filter((file) => readFileSync(file, 'utf8').includes('ZodError'));
    expect(withZod).toEqual([]);
  });

  it('carry a brotli and a gzip copy of every script over a kilobyte, each the same script', () => {
    const big = scripts(WEB_DIR).filter((file) => readFileSync(file).length >= 1024);
    expect(big.length).toBeGreaterThan(5);
    const lacking = big.filter((file) => {
      if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) return true;
      const original = readFileSync(file);
      return (
        !brotliDecompressSync(readFileSync(`${file}.br`)).equals(original) ||
        !gunzipSync(readFileSync(`${file}.gz`)).equals(original)
      );
    });
    expect(lacking).toEqual([]);
  });
});
