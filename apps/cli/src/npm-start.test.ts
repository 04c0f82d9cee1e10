import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What `npm start` runs before the CLI, as a newcomer sees it. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('npm start', () => {
  it('reads no npm config key npm does not know from the project', () => {
    // A home of its own and no npm_config_* from the npm that runs these tests: only the project's
    // .npmrc is read.
    const home = mkdtempSync(join(tmpdir(), 'kiosk-home-'));
    const env = { PATH: process.env.PATH, HOME: home };
    const answer = spawnSync('npm', ['pkg', 'get', 'name'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(answer.stdout.trim()).toBe('"kiosk"');
    expect(answer.stderr).not.toContain('npm warn');
  });

  it('builds with node, not nested npm runs, each of which reads and warns about the npm config again', () => {
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    for (const name of ['prestart', 'start', 'build']) expect(scripts[name], name).not.toMatch(/\bnpm\b/);
  });
});
