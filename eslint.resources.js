/**
 * Resources and flows inside a module (../shared/ARCHITECTURE.md, docs/architecture.md), as a lint rule:
 * - a resource folder (`prices/`, `invoices/` …) owns its rows, rules and events: it imports its own
 *   files, the module's shared files and the method adapters, and of another resource only what
 *   describes or reads it (`table.ts`, `view.ts`, `queries.ts`), never its service and never a flow;
 * - a flow (`flows/*.ts`) does the work that spans resources: it may import any resource;
 * - the method adapters (`methods/`) know no resource and no flow;
 * - entry points (routes, connect actions, the plugin and the module's API) call flows and services;
 *   routes never open a transaction (the flow or service does, or the request's unit of work);
 * - nothing imports an entry point but the plugin and the module's API.
 */

/** The modules whose source is laid out as resources and flows, with their resource folders. */
const MODULES = {
  'packages/payments/src': [
    'payment-methods',
    'products',
    'prices',
    'payment-links',
    'checkout-sessions',
    'customers',
    'payment-intents',
    'invoices',
    'charges',
    'subscriptions',
    'settings',
  ],
};

/** What another resource may import of a resource: its shape, its answer and its reads. */
const READABLE = new Set(['table.ts', 'view.ts', 'queries.ts']);
const ENTRY = /(^|\/)(routes(\/[^/]+)?|[a-z-]+-routes|[a-z-]+-action)\.ts$|^(plugin|api)\.ts$/;
/** The files that put the module together: they may import its entry points. */
const ASSEMBLY = /^(plugin|api|index)\.ts$/;

/** Where a file sits: its module root and its path inside it, or undefined outside the modules. */
function locate(filename) {
  const path = filename.replaceAll('\\', '/');
  for (const root of Object.keys(MODULES)) {
    const at = path.indexOf(`/${root}/`);
    if (at >= 0) return { root, inside: path.slice(at + root.length + 2) };
  }
  return undefined;
}

/** A file's kind: entry, flow, rail (method adapters), resource (with its folder), or shared. */
function kindOf(root, inside) {
  if (ENTRY.test(inside)) return { kind: 'entry' };
  const [head] = inside.split('/');
  if (head === 'flows') return { kind: 'flow' };
  if (head === 'methods') return { kind: 'rail' };
  if (MODULES[root].includes(head) && inside.includes('/')) return { kind: 'resource', folder: head };
  return { kind: 'shared' };
}

function normalize(parts) {
  const out = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** Why `from` (a file inside `root`) may not import `target` (a path inside the same root), if it may not. */
function refusal(root, from, target) {
  const source = kindOf(root, from);
  const dest = kindOf(root, target);
  const [destHead] = target.split('/');
  const file = target.split('/').pop();
  if (dest.kind === 'entry' && !ASSEMBLY.test(from))
    return 'routes and connect actions are entry points: nothing but the plugin and the API imports them';
  if (source.kind === 'rail' && (dest.kind === 'resource' || dest.kind === 'flow'))
    return 'a method adapter knows no resource and no flow: it is handed what it needs';
  if (source.kind !== 'resource') return undefined;
  if (dest.kind === 'flow')
    return 'a resource never imports a flow: the flow calls the resource (docs/architecture.md)';
  if (dest.kind === 'resource' && dest.folder !== source.folder && !READABLE.has(file))
    return `a resource imports another resource's table.ts, view.ts or queries.ts only, not ${destHead}/${file}: work that spans resources is a flow (flows/)`;
  return undefined;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Resources own their rows; work that spans resources is a flow' },
    schema: [],
  },
  create(context) {
    const where = locate(context.filename);
    if (!where || /\.test\.tsx?$/.test(where.inside) || where.inside.startsWith('test-support/')) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const dir = where.inside.split('/').slice(0, -1);
      const target = normalize([...dir, ...specifier.split('/')]);
      const reason = refusal(where.root, where.inside, target);
      if (reason) context.report({ node, message: `${specifier}: ${reason}` });
    };
    const entry = kindOf(where.root, where.inside).kind === 'entry' && !ASSEMBLY.test(where.inside);
    return {
      ImportDeclaration(node) {
        check(node.source, node.source.value);
        if (entry && node.source.value === '@kiosk/db')
          for (const spec of node.specifiers)
            if (spec.imported && ['transaction', 'unitOfWork'].includes(spec.imported.name))
              context.report({
                node: spec,
                message:
                  'Routes and connect actions never open a transaction: a flow or a service does (docs/architecture.md)',
              });
      },
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const resources = [
  {
    name: 'resources/boundaries',
    files: Object.keys(MODULES).map((root) => `${root}/**/*.ts`),
    plugins: { kiosk: { rules: { 'resource-boundaries': boundaries } } },
    rules: { 'kiosk/resource-boundaries': 'error' },
  },
];
