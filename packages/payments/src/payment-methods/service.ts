import type {
  currencyInput,
  methodInput,
  methodUpdate,
  PaymentCurrency,
  PaymentMethod,
} from '@kiosk/contracts';
import { KioskError, newId, type ErrorDetail } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { MethodRegistry } from '../methods/adapter.ts';
import { getPaymentCurrency, getPaymentMethod } from './queries.ts';
import { paymentMethodJson } from './table.ts';
import { keptSecrets } from './secret-settings.ts';

/** The method's settings as its adapter reads them, stored; or 400 naming each bad field under `at`. */
function storedSettings(methods: MethodRegistry, type: string, settings: unknown, at: string): string {
  const parsed = methods.for(type).settings.safeParse(settings);
  // Every adapter's settings are an object (the contract's methodSettings): the column checks it.
  if (parsed.success) return paymentMethodJson.settings.write(parsed.data as Record<string, unknown>);
  throw new KioskError('VALIDATION_FAILED', {
    details: parsed.error.issues.map((issue) => ({
      path: [at, ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}

async function addCurrency(
  deps: Deps,
  trx: Executor,
  method: { id: string; type: string; livemode: boolean },
  input: z.infer<typeof currencyInput>,
  at: string,
): Promise<string> {
  const problems: ErrorDetail[] = [];
  if (input.maximum_precision > input.decimal)
    problems.push({ path: `${at}.maximum_precision`, message: 'validation.precisionAboveDecimal' });
  const problem = deps.methods.for(method.type).checkCurrency?.(input);
  if (problem) problems.push({ path: `${at}.${problem.field}`, message: problem.message });
  if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });
  const row = await deps.resources.paymentCurrencies.insert(
    trx,
    {
      id: newId('paymentCurrency'),
      livemode: method.livemode,
      payment_method_id: method.id,
      ...input,
      contract: input.contract?.toLowerCase() ?? null,
      is_base_currency: input.contract === null,
      ...stamps(deps.clock),
    },
    'payment_currency.created',
  );
  return row.id;
}

export async function createPaymentMethod(
  deps: Deps,
  livemode: boolean,
  input: z.infer<typeof methodInput>,
): Promise<PaymentMethod> {
  const id = newId('paymentMethod');
  await transaction(deps.db, async (trx) => {
    const { currencies, settings, metadata, ...fields } = input;
    const method = { id, type: input.type, livemode };
    const currencyIds = [];
    const row = {
      id,
      livemode,
      ...fields,
      settings: storedSettings(deps.methods, input.type, settings, 'body.settings'),
      metadata: paymentMethodJson.metadata.write(metadata),
      default_currency_id: null,
      ...stamps(deps.clock),
    };
    await deps.resources.paymentMethods.insert(trx, row, 'payment_method.created');
    for (const [index, currency] of currencies.entries())
      currencyIds.push(await addCurrency(deps, trx, method, currency, `body.currencies.${index}`));
    if (currencyIds[0])
      await deps.resources.paymentMethods.update(
        trx,
        id,
        { default_currency_id: currencyIds[0] },
        'payment_method.updated',
      );
  });
  return (await getPaymentMethod(deps.db, livemode, id))!;
}

export async function createPaymentCurrency(
  deps: Deps,
  livemode: boolean,
  methodId: string,
  input: z.infer<typeof currencyInput>,
): Promise<PaymentCurrency> {
  const method = await getPaymentMethod(deps.db, livemode, methodId);
  if (!method) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
  const id = await transaction(deps.db, (trx) => addCurrency(deps, trx, method, input, 'body'));
  return (await getPaymentCurrency(deps.db, livemode, id))!;
}

export async function updatePaymentMethod(
  deps: Deps,
  livemode: boolean,
  id: string,
  input: z.infer<typeof methodUpdate>,
): Promise<PaymentMethod> {
  const method = await getPaymentMethod(deps.db, livemode, id);
  if (!method) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
  const { settings, metadata, ...fields } = input;
  await deps.resources.paymentMethods.update(
    deps.db,
    id,
    {
      ...fields,
      ...(settings
        ? {
            settings: storedSettings(
              deps.methods,
              method.type,
              keptSecrets(method.settings, settings),
              'body.settings',
            ),
          }
        : {}),
      ...(metadata ? { metadata: paymentMethodJson.metadata.write(metadata) } : {}),
    },
    'payment_method.updated',
  );
  return (await getPaymentMethod(deps.db, livemode, id))!;
}

/** The public view lives with the other views; the flows that answer buyers take it from here. */
