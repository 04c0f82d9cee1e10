import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every workspace package lists what it imports, so it installs and runs on its own and its
 * manifest tells the truth about it. Tests and Vite configs may also use the root's dev tools.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const listed = (manifest: Manifest) =>
  new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }),
  );

const rootDevTools = listed(readManifest(repoRoot));

const workspaces = ['packages', 'apps'].flatMap((parent) =>
  readdirSync(join(repoRoot, parent))
    .map((name) => join(repoRoot, parent, name))
    .filter((dir) => statSync(join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile()),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Static imports and exports (`import type` included) and dynamic `import()`s, as TypeScript reads them. */
function moduleSpecifiers(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((imported) => imported.fileName);
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for relative paths and Node's own. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const mayUseRootDevTools = (path: string) =>
  /\.test\.tsx?$/.test(path) || path.includes('/test-support/') || /(^|\/)vite[^/]*\.config\.ts$/.test(path);

describe('workspace manifests', () => {
  it('finds the workspace packages', () => {
    expect(workspaces.map((dir) => relative(repoRoot, dir))).toEqual(
      expect.arrayContaining(['apps/server', 'packages/core', 'packages/identity', 'packages/testkit']),
    );
  });

  it.each(workspaces.map((dir) => [relative(repoRoot, dir), dir]))(
    '%s lists every package it imports',
    (_, dir) => {
      const manifest = readManifest(dir);
      const own = listed(manifest);
      const missing: string[] = [];
      for (const file of sourceFiles(dir)) {
        const path = relative(repoRoot, file);
        for (const specifier of moduleSpecifiers(file)) {
          const dependency = packageOf(specifier);
          if (!dependency || dependency === manifest.name || own.has(dependency)) continue;
          if (mayUseRootDevTools(path) && rootDevTools.has(dependency)) continue;
          missing.push(
            `${manifest.name}: ${path} imports ${dependency}, missing from ${relative(repoRoot, dir)}/package.json`,
          );
        }
      }
      expect([...new Set(missing)]).toEqual([]);
    },
  );
});
