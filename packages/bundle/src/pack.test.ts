import { readFile, symlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { list, type ReadEntry } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { integrityOf } from './integrity.ts';
import { packBundle, packBundleToFile, type PackProgress } from './pack.ts';
import { makeApp, removeTempDirs, tempDir, writeTree } from './test-fixtures.ts';

afterAll(removeTempDirs);

async function entriesOf(file: string): Promise<string[]> {
  const paths: string[] = [];
  await list({ file, onReadEntry: (entry: ReadEntry) => void paths.push(`${entry.type} ${entry.path}`) });
  return paths;
}

describe('packing a bundle', () => {
  it('puts every file under package/ and leaves out dependencies, history, .env files, the app key and links', async () => {
    const app = await makeApp({
      files: {
        'node_modules/left-pad/index.js': 'module.exports = 1;',
        'dist/node_modules/x.js': 'x',
        '.git/HEAD': 'ref: refs/heads/main',
        '.env': 'SECRET=1',
        'config/.env.production': 'SECRET=2',
        '.kiosk-app-key': '0x00',
        '.well-known/kiosk.txt': 'kept: dot files that are not secrets ship',
      },
    });
    await symlink('/etc/hostname', join(app.dir, 'link'));
    const file = join(await tempDir(), 'out.tgz');
    const packed = await packBundleToFile(app.dir, file);

    expect(packed.files).toEqual([
      '.well-known/kiosk.txt',
      'README.md',
      'dist/index.js',
      'kiosk.json',
      'logo.png',
      'screenshots/today.png',
      'screenshots/week.webp',
    ]);
    expect(await entriesOf(file)).toEqual(packed.files.map((path) => `File package/${path}`));
    expect(packed.skipped).toEqual([
      { path: '.env', reason: 'ignored' },
      { path: '.git', reason: 'ignored' },
      { path: '.kiosk-app-key', reason: 'ignored' },
      { path: 'config/.env.production', reason: 'ignored' },
      { path: 'dist/node_modules', reason: 'ignored' },
      { path: 'link', reason: 'link' },
      { path: 'node_modules', reason: 'ignored' },
    ]);
    const bytes = await readFile(file);
    expect(packed.size).toBe(bytes.length);
    expect(packed.integrity).toBe(integrityOf(bytes));
  });

  it("packs the same folder to the same bytes whatever the files' times", async () => {
    const app = await makeApp();
    const first = await packBundle(app.dir);
    await utimes(join(app.dir, 'dist/index.js'), new Date(), new Date(2001, 1, 1));
    const second = await packBundle(app.dir);
    expect(second.integrity).toBe(first.integrity);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it('reports progress file by file up to the totals', async () => {
    const app = await makeApp();
    const progress: PackProgress[] = [];
    const packed = await packBundle(app.dir, { onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => p.file)).toEqual(packed.files);
    expect(progress.at(-1)).toMatchObject({ filesDone: 6, filesTotal: 6 });
    expect(progress.at(-1)!.bytesDone).toBe(progress.at(-1)!.bytesTotal);
    expect(progress.at(-1)!.bytesTotal).toBeGreaterThan(128 * 1024);
  });

  it('does not pack a tarball it writes into the folder itself, nor the one from the last run', async () => {
    const app = await makeApp();
    const to = join(app.dir, 'weather-board-1.0.0.tgz');
    const first = await packBundleToFile(app.dir, to);
    const second = await packBundleToFile(app.dir, to);
    expect(second.files).toEqual(first.files);
    expect(second.files).not.toContain('weather-board-1.0.0.tgz');
    expect(second.skipped).toEqual([{ path: 'weather-board-1.0.0.tgz', reason: 'output' }]);
    expect(second.integrity).toBe(first.integrity);
  });

  it('refuses a folder without kiosk.json at its root', async () => {
    const dir = await tempDir();
    await writeTree(dir, { 'app/kiosk.json': '{}', 'index.js': '' });
    await expect(packBundle(dir)).rejects.toThrow(/kiosk\.json not found/);
  });
});
