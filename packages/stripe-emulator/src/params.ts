import { invalidRequest, missingParam } from './errors.ts';
import type { FormValue, Params } from './form.ts';

// Typed reads of form parameters with Stripe's refusals. Every value arrives as a string; an empty
// string means "unset" (the SDK writes null that way).

export type Metadata = Record<string, string>;

function at(params: Params, path: string): FormValue | undefined {
  let value: FormValue | undefined = params;
  for (const part of path.split('.')) {
    if (value === undefined || typeof value === 'string' || Array.isArray(value)) return undefined;
    value = value[part];
  }
  return value;
}

/** `a.b` → `a[b]`, the name Stripe reports in `param`. */
export const paramName = (path: string) => path.replace(/\.([^.]+)/g, '[$1]');

export function optionalString(params: Params, path: string): string | undefined {
  const value = at(params, path);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${paramName(path)}`, { param: paramName(path) });
  return value;
}

export function requiredString(params: Params, path: string): string {
  const value = optionalString(params, path);
  if (value === undefined) throw missingParam(paramName(path));
  return value;
}

/** Present, possibly empty: an update that clears a field sends `field=`. */
export function isGiven(params: Params, path: string): boolean {
  return at(params, path) !== undefined;
}

export function optionalInteger(params: Params, path: string, min = 0): number | undefined {
  const text = optionalString(params, path);
  if (text === undefined) return undefined;
  const param = paramName(path);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw invalidRequest(`Invalid integer: ${text}`, { param, code: 'parameter_invalid_integer' });
  }
  const value = Number(text);
  if (value < min) {
    throw invalidRequest(`This value must be greater than or equal to ${min}.`, {
      param,
      code: 'parameter_invalid_integer',
    });
  }
  return value;
}

export function optionalBoolean(params: Params, path: string): boolean | undefined {
  const text = optionalString(params, path);
  if (text === undefined) return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${text}`, { param: paramName(path) });
}

export function optionalEnum<T extends string>(
  params: Params,
  path: string,
  allowed: readonly T[],
): T | undefined {
  const text = optionalString(params, path);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    const list = allowed.join(', ');
    throw invalidRequest(`Invalid ${paramName(path)}: must be one of ${list}`, { param: paramName(path) });
  }
  return text as T;
}

export function stringList(params: Params, path: string): string[] | undefined {
  const value = at(params, path);
  if (value === undefined || value === '') return undefined;
  const items = Array.isArray(value) ? value : [value];
  if (!items.every((item): item is string => typeof item === 'string')) {
    throw invalidRequest(`Invalid array: ${paramName(path)}`, { param: paramName(path) });
  }
  return items;
}

export function currency(params: Params, path = 'currency'): string {
  const text = requiredString(params, path);
  if (!/^[a-zA-Z]{3}$/.test(text)) {
    throw invalidRequest(
      `Invalid currency: ${text}. Stripe currently supports these currencies: usd, eur, …`,
      {
        param: path,
      },
    );
  }
  return text.toLowerCase();
}

/**
 * Stripe's metadata rules (50 keys, keys up to 40 characters, values up to 500) and its update
 * semantics: a key set to '' is removed, `metadata=` clears all.
 */
export function mergeMetadata(current: Metadata, params: Params): Metadata {
  const value = at(params, 'metadata');
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalidRequest('Invalid object: metadata must be a hash', { param: 'metadata' });
  }
  const next = { ...current };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string')
      throw invalidRequest(`Invalid metadata[${key}]`, { param: `metadata[${key}]` });
    if (key.length > 40) {
      throw invalidRequest(`Metadata keys can have up to 40 characters; ${key} has ${key.length}.`, {
        param: `metadata[${key}]`,
      });
    }
    if (item.length > 500) {
      throw invalidRequest(
        `Metadata values can have up to 500 characters; metadata[${key}] has ${item.length}.`,
        {
          param: `metadata[${key}]`,
        },
      );
    }
    if (item === '') delete next[key];
    else next[key] = item;
  }
  if (Object.keys(next).length > 50) {
    throw invalidRequest('Metadata can have up to 50 keys.', { param: 'metadata' });
  }
  return next;
}

/** A nested hash parameter (`card[…]`, `billing_details[…]`), or an empty one. */
export function hash(params: Params, path: string): Params {
  const value = at(params, path);
  if (value === undefined || value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${paramName(path)} must be a hash`, { param: paramName(path) });
  }
  return value;
}
