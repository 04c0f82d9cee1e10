import { invalidRequest } from './errors.ts';
import type { Params } from './form.ts';
import { hash, isGiven, optionalBoolean, optionalEnum, stringList } from './params.ts';

// Which payment method types an intent offers. Older API versions name the list payment_method_types;
// the SDK v23 pin (2026-10-28) names it allowed_payment_method_types, with excluded_payment_method_types
// beside it. Both are read; the emulator has cards only.

export interface MethodTypes {
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  excluded_payment_method_types: string[] | null;
  payment_method_types: string[];
}

/** The parameters that choose types: an update touching any of them is one that changes what is offered. */
export const methodTypeParams = [
  'payment_method_types',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'automatic_payment_methods',
];

function onlyOne(params: Params, names: string[]) {
  const given = names.filter((name) => isGiven(params, name));
  if (given.length > 1) {
    throw invalidRequest(`You may only specify one of these parameters: ${given.join(', ')}.`, {
      param: given[1],
    });
  }
}

export function readMethodTypes(params: Params): MethodTypes {
  onlyOne(params, ['payment_method_types', 'allowed_payment_method_types']);
  onlyOne(params, ['payment_method_types', 'automatic_payment_methods']);
  const name = isGiven(params, 'allowed_payment_method_types')
    ? 'allowed_payment_method_types'
    : 'payment_method_types';
  const listed = stringList(params, name);
  const excluded = stringList(params, 'excluded_payment_method_types');
  const other = listed?.find((type) => type !== 'card');
  if (other) {
    throw invalidRequest(`The payment method type "${other}" is not supported by the emulator (card only).`, {
      param: name,
    });
  }
  if (excluded?.includes('card')) {
    throw invalidRequest('Excluding card leaves no payment method type: the emulator has cards only.', {
      param: 'excluded_payment_method_types',
    });
  }
  const automatic = hash(params, 'automatic_payment_methods');
  const enabled = optionalBoolean(automatic, 'enabled');
  const redirects = optionalEnum(automatic, 'allow_redirects', ['always', 'never'] as const) ?? 'always';
  return {
    allowed_payment_method_types: name === 'allowed_payment_method_types' ? (listed ?? null) : null,
    automatic_payment_methods: enabled ? { enabled: true, allow_redirects: redirects } : null,
    excluded_payment_method_types: excluded ?? null,
    payment_method_types: ['card'],
  };
}
