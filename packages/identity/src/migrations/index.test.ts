import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { identityMigrations } from './index.ts';

// A migration file left out of the set would never run; one under another name would run again.
it('holds every migration file of this folder under its own name, and no other', () => {
  const files = readdirSync(fileURLToPath(new URL('.', import.meta.url)))
    .filter((file) => /^\d{8}_\d{2}_.*\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length));
  expect(Object.keys(identityMigrations).sort()).toEqual(files.sort());
  for (const name of files) expect(name).toMatch(/^\d{8}_\d{2}_identity(_[a-z0-9]+)*$/);
});
