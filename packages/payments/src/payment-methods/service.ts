import { KioskError, newId, nowUnix } from '@kiosk/core';
import type { z } from 'zod';
import { flag, fromJson, stamps, toJson, type Executor, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { PaymentsTables } from '../tables.ts';
import {
  EVM_METHOD_TYPES,
  evmSettings,
  type currencyInput,
  type methodInput,
  type methodUpdate,
  type EvmSettings,
  type PaymentCurrency,
  type PaymentMethod,
} from './schema.ts';

type MethodRow = PaymentsTables['payment_methods'];
type CurrencyRow = PaymentsTables['payment_currencies'];

export function currencyView(row: CurrencyRow): PaymentCurrency {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    payment_method_id: row.payment_method_id,
    name: row.name,
    symbol: row.symbol,
    decimal: Number(row.decimal),
    maximum_precision: Number(row.maximum_precision),
    logo: row.logo,
    contract: row.contract,
    is_base_currency: flag(row.is_base_currency),
    active: flag(row.active),
  };
}

function methodView(row: MethodRow, currencies: CurrencyRow[]): PaymentMethod {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    type: row.type,
    name: row.name,
    description: row.description,
    logo: row.logo,
    settings: fromJson(row.settings, {}),
    default_currency_id: row.default_currency_id,
    active: flag(row.active),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    payment_currencies: currencies.filter((c) => c.payment_method_id === row.id).map(currencyView),
  };
}

async function addCurrency(
  db: Executor,
  methodId: string,
  livemode: boolean,
  input: z.infer<typeof currencyInput>,
): Promise<string> {
  if (input.maximum_precision > input.decimal) {
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: 'body.maximum_precision', message: 'validation.precisionAboveDecimal' }],
    });
  }
  const id = newId('paymentCurrency');
  await db
    .insertInto('payment_currencies')
    .values({
      id,
      livemode,
      payment_method_id: methodId,
      ...input,
      contract: input.contract?.toLowerCase() ?? null,
      is_base_currency: input.contract === null,
      ...stamps(),
    })
    .execute();
  return id;
}

export async function createPaymentMethod(
  db: PaymentsDb,
  livemode: boolean,
  input: z.infer<typeof methodInput>,
): Promise<PaymentMethod> {
  const id = newId('paymentMethod');
  await db.transaction().execute(async (trx) => {
    const { currencies, settings, metadata, ...fields } = input;
    await trx
      .insertInto('payment_methods')
      .values({
        id,
        livemode,
        ...fields,
        settings: toJson(settings),
        metadata: toJson(metadata),
        default_currency_id: null,
        ...stamps(),
      })
      .execute();
    const currencyIds = [];
    for (const currency of currencies) currencyIds.push(await addCurrency(trx, id, livemode, currency));
    if (currencyIds[0]) {
      await trx
        .updateTable('payment_methods')
        .set({ default_currency_id: currencyIds[0] })
        .where('id', '=', id)
        .execute();
    }
    await recordEvent(trx, { type: 'payment_method.created', livemode, objectId: id, data: { id } });
  });
  return (await getPaymentMethod(db, livemode, id))!;
}

export async function createPaymentCurrency(
  db: PaymentsDb,
  livemode: boolean,
  methodId: string,
  input: z.infer<typeof currencyInput>,
): Promise<PaymentCurrency> {
  const method = await getPaymentMethod(db, livemode, methodId);
  if (!method) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
  const id = await db.transaction().execute(async (trx) => {
    const created = await addCurrency(trx, methodId, livemode, input);
    await recordEvent(trx, {
      type: 'payment_currency.created',
      livemode,
      objectId: created,
      data: { id: created },
    });
    return created;
  });
  return (await getPaymentCurrency(db, livemode, id))!;
}

export async function listPaymentMethods(
  db: Executor,
  livemode: boolean,
  options: { activeOnly?: boolean } = {},
): Promise<PaymentMethod[]> {
  let query = db.selectFrom('payment_methods').selectAll().where('livemode', '=', livemode);
  if (options.activeOnly) query = query.where('active', '=', true);
  const methods = await query.orderBy('id').execute();
  if (methods.length === 0) return [];
  let currencies = db
    .selectFrom('payment_currencies')
    .selectAll()
    .where(
      'payment_method_id',
      'in',
      methods.map((m) => m.id),
    );
  if (options.activeOnly) currencies = currencies.where('active', '=', true);
  const rows = await currencies.orderBy('id').execute();
  return methods.map((m) => methodView(m, rows));
}

export async function getPaymentMethod(
  db: Executor,
  livemode: boolean,
  id: string,
): Promise<PaymentMethod | undefined> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!row) return undefined;
  const currencies = await db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('payment_method_id', '=', id)
    .orderBy('id')
    .execute();
  return methodView(row, currencies);
}

export async function getPaymentCurrency(
  db: Executor,
  livemode: boolean,
  id: string,
): Promise<PaymentCurrency | undefined> {
  const row = await db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row && currencyView(row);
}

export async function updatePaymentMethod(
  db: PaymentsDb,
  livemode: boolean,
  id: string,
  input: z.infer<typeof methodUpdate>,
): Promise<PaymentMethod> {
  await db.transaction().execute(async (trx) => {
    const { settings, metadata, ...fields } = input;
    const result = await trx
      .updateTable('payment_methods')
      .set({
        ...fields,
        ...(settings ? { settings: toJson(settings) } : {}),
        ...(metadata ? { metadata: toJson(metadata) } : {}),
        updated_at: nowUnix(),
      })
      .where('id', '=', id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
    await recordEvent(trx, { type: 'payment_method.updated', livemode, objectId: id, data: input });
  });
  return (await getPaymentMethod(db, livemode, id))!;
}

export function evmSettingsOf(method: Pick<PaymentMethod, 'settings'>): EvmSettings {
  return evmSettings.parse(method.settings);
}

/** Chain id → RPC URL of the test-mode EVM methods: the chains the demo's test wallet pays on. */
export async function testModeRpcUrls(db: Executor): Promise<Record<number, string>> {
  const methods = await listPaymentMethods(db, false);
  return Object.fromEntries(
    methods
      .filter((m) => (EVM_METHOD_TYPES as readonly string[]).includes(m.type))
      .map(evmSettingsOf)
      .map((settings) => [settings.chain_id, settings.api_host]),
  );
}

/** What a buyer's browser may see of a method: no RPC URL (it can carry a provider key). */
export function publicMethod(method: PaymentMethod): PaymentMethod {
  const { api_host: _hidden, ...settings } = method.settings;
  return { ...method, settings };
}
