import { invalidRequest } from './errors.ts';

// Stripe's bracket encoding, as the SDK writes it (`metadata[a]=1`, `payment_method_types[0]=card`,
// `expand[]=x`): nested objects by name, arrays by index or by `[]`.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = { [key: string]: FormValue };

type Node = { [key: string]: Node | string };

const forbidden = new Set(['__proto__', 'constructor', 'prototype']);

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw invalidRequest(`Invalid URL encoding: ${text}`);
  }
}

/** `a[b][0][]` → ['a', 'b', '0', ''] */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const rest = key.slice(open + 1, -1).split('][');
  return [key.slice(0, open), ...rest];
}

function assign(root: Node, segments: string[], value: string, rawKey: string) {
  let node = root;
  segments.forEach((segment, i) => {
    if (forbidden.has(segment)) throw invalidRequest(`Invalid parameter name: ${rawKey}`);
    // `[]` appends: the next free index of this level.
    const name = segment === '' ? String(Object.keys(node).length) : segment;
    if (i === segments.length - 1) {
      node[name] = value;
      return;
    }
    const next = node[name];
    if (typeof next === 'string')
      throw invalidRequest(`Invalid parameter: ${rawKey} mixes a value and a hash`);
    node = next ?? (node[name] = Object.create(null) as Node);
  });
}

const isIndex = (key: string) => /^\d+$/.test(key);

// A level whose keys are all indices is an array, in index order; metadata keeps its keys as named.
function finish(node: Node | string, underMetadata: boolean): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (!underMetadata && keys.length > 0 && keys.every(isIndex)) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => finish(node[key] as Node | string, false));
  }
  const out: { [key: string]: FormValue } = {};
  for (const key of keys) out[key] = finish(node[key] as Node | string, key === 'metadata');
  return out;
}

export function parseForm(text: string): Params {
  const root = Object.create(null) as Node;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    assign(root, splitKey(rawKey), value, rawKey);
  }
  return finish(root, false) as Params;
}
