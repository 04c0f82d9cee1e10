import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No package's modules import each other in a circle. A circle has no first module: which one runs
 * first depends on where the import started, so a value read at load time may not be there yet, and
 * the pieces can only be understood together. Counted are static imports and re-exports of the
 * package's own files, relative or through its own subpaths (`@kiosk/core/phone`). `import type` and
 * `export type` vanish at run time and are left out; so are imports whose every name is marked `type`,
 * as the reshaping issue asks, though with verbatimModuleSyntax the compilers keep those as a bare
 * `import './x.ts'`: write them as `import type`. A dynamic `import()` loads later, once both modules
 * have run, so it does not count.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  exports?: Record<string, string>;
}

interface Workspace {
  dir: string;
  manifest: Manifest;
}

const workspaces: Workspace[] = ['packages', 'apps'].flatMap((parent) =>
  readdirSync(join(repoRoot, parent))
    .map((name) => join(repoRoot, parent, name))
    .filter((dir) => statSync(join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile())
    .map((dir) => ({
      dir,
      manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest,
    })),
);

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((element) => element.isTypeOnly);

/** Whether an import or export declaration is erased when TypeScript is stripped. */
function erased(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    return statement.isTypeOnly || (!!clause && ts.isNamedExports(clause) && allTypes(clause.elements));
  }
  const clause = statement.importClause;
  if (!clause) return false; // `import './x.ts'` runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && allTypes(bindings.elements);
}

/** The module specifiers of `file`'s static imports and re-exports that load a module at run time. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier) &&
    !erased(statement)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** The file a package's own subpath names, through its manifest's `exports` (`./i18n/*` included). */
function exportedFile({ dir, manifest }: Workspace, specifier: string): string | undefined {
  const subpath = `.${specifier.slice(manifest.name.length)}`;
  for (const [pattern, target] of Object.entries(manifest.exports ?? {})) {
    if (pattern === subpath) return resolve(dir, target);
    const [prefix, suffix] = pattern.split('*');
    if (suffix === undefined || !subpath.startsWith(prefix!) || !subpath.endsWith(suffix)) continue;
    const star = subpath.slice(prefix!.length, subpath.length - suffix.length);
    return resolve(dir, target.replace('*', star));
  }
  return undefined;
}

/** The package file `specifier` loads from `file`, or undefined for another package's. */
function resolveOwn(workspace: Workspace, file: string, specifier: string, files: Set<string>) {
  const { name } = workspace.manifest;
  let base: string | undefined;
  if (specifier.startsWith('.')) base = resolve(dirname(file), specifier);
  else if (specifier === name || specifier.startsWith(`${name}/`)) base = exportedFile(workspace, specifier);
  if (!base) return undefined;
  const candidates = [base, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end)];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((candidate) => files.has(candidate));
}

type Graph = Map<string, string[]>;

function importGraph(workspace: Workspace): Graph {
  const files = new Set(sourceFiles(workspace.dir));
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = runtimeSpecifiers(file).flatMap(
      (specifier) => resolveOwn(workspace, file, specifier, files) ?? [],
    );
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}

/** The shortest circle from `start` back to itself inside `component` (breadth first). */
function shortestCircle(graph: Graph, component: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  let frontier = [start];
  while (frontier.length) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const target of graph.get(file) ?? []) {
        if (!component.has(target)) continue;
        if (target === start) {
          const path = [file];
          while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
          return [...path, start];
        }
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, file);
        next.push(target);
      }
    }
    frontier = next;
  }
  throw new Error(`${start} is in a component but on no circle`);
}

/**
 * Each circle as `a.ts → b.ts → a.ts`, paths inside the package's src: per component, the shortest
 * circle through each of its files, each circle once (starting from its first file by name).
 */
function describeCircles(graph: Graph, named: (file: string) => string): string[] {
  const lines = new Set<string>();
  for (const component of circles(graph)) {
    const members = new Set(component);
    for (const file of [...members].sort()) {
      const circle = shortestCircle(graph, members, file).slice(0, -1);
      const first = circle.indexOf([...circle].sort()[0]!);
      const rotated = [...circle.slice(first), ...circle.slice(0, first)];
      lines.add([...rotated, rotated[0]!].map(named).join(' → '));
    }
  }
  return [...lines].sort();
}

describe('import circles', () => {
  it('finds the workspace packages', () => {
    expect(workspaces.map(({ dir }) => relative(repoRoot, dir))).toEqual(
      expect.arrayContaining(['apps/web', 'packages/payments', 'packages/react', 'packages/store']),
    );
  });

  it('names each circle once, from its first file, and passes a graph without one', () => {
    const graph: Graph = new Map([
      ['order.ts', ['service.ts', 'money.ts']],
      ['service.ts', ['setup.ts']],
      ['setup.ts', ['order.ts', 'money.ts']],
      ['money.ts', []],
      ['self.ts', ['self.ts']],
    ]);
    expect(describeCircles(graph, (file) => file)).toEqual([
      'order.ts → service.ts → setup.ts → order.ts',
      'self.ts → self.ts',
    ]);
    graph.set('setup.ts', ['money.ts']);
    graph.set('self.ts', []);
    expect(describeCircles(graph, (file) => file)).toEqual([]);
  });

  it('counts imports that load a module, and not those TypeScript erases', () => {
    const erasedOnes = (lines: string[]) =>
      ts
        .createSourceFile('check.ts', lines.join('\n'), ts.ScriptTarget.Latest)
        .statements.filter(
          (statement) => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement),
        )
        .map((statement) => erased(statement as ts.ImportDeclaration | ts.ExportDeclaration));
    expect(
      erasedOnes([
        "import type { A } from './a.ts';",
        "import { type B, type C } from './b.ts';",
        "export type { D } from './d.ts';",
        "export { type E } from './e.ts';",
        "export type * from './f.ts';",
      ]),
    ).toEqual([true, true, true, true, true]);
    expect(
      erasedOnes([
        "import './a.ts';",
        "import { type B, c } from './b.ts';",
        "import d, { type D } from './d.ts';",
        "import * as e from './e.ts';",
        "export * from './f.ts';",
        "export { g } from './g.ts';",
        "import {} from './h.ts';",
      ]),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it.each(workspaces.map((workspace) => [workspace.manifest.name, workspace] as const))(
    '%s has no import circle',
    (_, workspace) => {
      const name = workspace.manifest.name.replace(/^@kiosk\//, '');
      const inSource = (file: string) => relative(join(workspace.dir, 'src'), file);
      const found = describeCircles(importGraph(workspace), inSource);
      expect(found.map((circle) => `${name}: ${circle}`)).toEqual([]);
    },
  );
});
