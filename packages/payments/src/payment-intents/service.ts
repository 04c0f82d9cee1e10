import { KioskError, newId, REAIMABLE_INTENT_STATUSES } from '@kiosk/core';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { PaymentsTables } from '../tables.ts';
import { paymentIntentJson } from './table.ts';

type IntentRow = PaymentsTables['payment_intents'];

export interface IntentTerms {
  amount: bigint;
  currencyId: string;
  methodId: string;
  customerId: string;
  /** The rail's record of the payment it opened for the intent (a card's PaymentIntent), whole. */
  paymentDetails?: Record<string, unknown>;
}

type NewIntent = IntentTerms & {
  livemode: boolean;
  sessionId: string | null;
  description: string | null;
  invoiceId?: string;
};

/**
 * A checkout's intent, made on its first submit: the buyer must now send the payment. (The billing
 * engine makes one for each collection of an invoice, with `invoiceId`: createPaymentIntents.)
 */
export async function createPaymentIntent(deps: Deps, trx: Executor, input: NewIntent): Promise<IntentRow> {
  return (await createPaymentIntents(deps, trx, [input]))[0]!;
}

/** createPaymentIntent of each, in one statement; answers them in the order given. */
export async function createPaymentIntents(
  deps: Deps,
  trx: Executor,
  inputs: NewIntent[],
): Promise<IntentRow[]> {
  return deps.resources.paymentIntents.insertMany(
    trx,
    inputs.map((input) => ({
      id: newId('paymentIntent'),
      livemode: input.livemode,
      status: 'requires_action' as const,
      amount: input.amount.toString(),
      amount_received: '0',
      currency_id: input.currencyId,
      payment_method_id: input.methodId,
      customer_id: input.customerId,
      checkout_session_id: input.sessionId,
      invoice_id: input.invoiceId ?? null,
      description: input.description,
      last_payment_error: 'null',
      payment_details: paymentIntentJson.payment_details.write(input.paymentDetails ?? {}),
      metadata: '{}',
      ...stamps(deps.clock),
    })),
    'payment_intent.created',
  );
}

/**
 * Changes what an intent asks for (a later submit, an edit of the order), with its event — only while
 * nothing is on its way to pay it: a payment being checked or made refuses the change.
 */
export async function reaimPaymentIntent(
  deps: Deps,
  trx: Executor,
  id: string,
  terms: Partial<IntentTerms>,
): Promise<IntentRow> {
  const row = await deps.resources.paymentIntents.update(
    trx,
    id,
    {
      ...(terms.amount !== undefined ? { amount: terms.amount.toString() } : {}),
      ...(terms.currencyId ? { currency_id: terms.currencyId } : {}),
      ...(terms.methodId ? { payment_method_id: terms.methodId } : {}),
      ...(terms.customerId ? { customer_id: terms.customerId } : {}),
      ...(terms.paymentDetails
        ? { payment_details: paymentIntentJson.payment_details.write(terms.paymentDetails) }
        : {}),
      last_payment_error: 'null',
    },
    'payment_intent.updated',
    REAIMABLE_INTENT_STATUSES,
  );
  if (!row) throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
  return row;
}

/** A named payment is being checked: nothing about the order may change until it is decided. */
export async function markIntentProcessing(
  deps: Deps,
  trx: Executor,
  id: string,
): Promise<IntentRow | undefined> {
  return (await markIntentsProcessing(deps, trx, [id]))[0];
}

/** markIntentProcessing of each, in one statement; answers those that moved. */
export async function markIntentsProcessing(deps: Deps, trx: Executor, ids: string[]): Promise<IntentRow[]> {
  return deps.resources.paymentIntents.transitionMany(trx, ids, REAIMABLE_INTENT_STATUSES, 'processing', {
    type: 'payment_intent.processing',
    set: { last_payment_error: 'null' },
  });
}

/** The checks of every named payment ended without paying it: the buyer must act again, told why. */
export async function failIntentPayment(deps: Deps, trx: Executor, id: string, code: string): Promise<void> {
  await deps.resources.paymentIntents.transition(trx, id, 'processing', 'requires_action', {
    type: 'payment_intent.payment_failed',
    set: { last_payment_error: paymentIntentJson.last_payment_error.write({ code }) },
  });
}

/** Paid: what arrived and the rail's record of it, under the method's type. */
export async function succeedIntent(
  deps: Deps,
  trx: Executor,
  intent: IntentRow,
  received: { amount: bigint; methodType: string; details: Record<string, string> },
): Promise<IntentRow | undefined> {
  const details = paymentIntentJson.payment_details.read(intent.payment_details);
  return deps.resources.paymentIntents.transition(trx, intent.id, 'processing', 'succeeded', {
    type: 'payment_intent.succeeded',
    set: {
      amount_received: received.amount.toString(),
      last_payment_error: 'null',
      payment_details: paymentIntentJson.payment_details.write({
        ...details,
        [received.methodType]: received.details,
      }),
    },
  });
}

/**
 * The payment that made it succeed is no longer confirmed (its chain undid it: flows/watch-paid.ts):
 * processing again, with nothing received, until the checks of that payment decide.
 */
export async function reopenIntent(deps: Deps, trx: Executor, id: string): Promise<IntentRow | undefined> {
  return deps.resources.paymentIntents.transition(trx, id, 'succeeded', 'processing', {
    type: 'payment_intent.processing',
    set: { amount_received: '0', last_payment_error: 'null' },
  });
}

/**
 * How far a payment on its way has got (a Bitcoin payment's confirmations), under the method's type,
 * with an event when it moved; nothing once it is decided.
 */
export async function noteIntentProgress(
  deps: Deps,
  trx: Executor,
  intent: IntentRow,
  progress: { methodType: string; details: Record<string, string> },
): Promise<void> {
  const details = paymentIntentJson.payment_details.read(intent.payment_details);
  if (JSON.stringify(details[progress.methodType]) === JSON.stringify(progress.details)) return;
  await deps.resources.paymentIntents.update(
    trx,
    intent.id,
    {
      payment_details: paymentIntentJson.payment_details.write({
        ...details,
        [progress.methodType]: progress.details,
      }),
    },
    'payment_intent.updated',
    ['processing'],
  );
}

/**
 * Nothing will pay it any more (its checkout expired or was discarded): canceled, with its event,
 * while it still waits for the buyer. A payment on its way is never canceled; answers whether it was.
 */
export async function cancelPaymentIntent(deps: Deps, trx: Executor, id: string): Promise<boolean> {
  const canceled = await deps.resources.paymentIntents.transition(
    trx,
    id,
    REAIMABLE_INTENT_STATUSES,
    'canceled',
    { type: 'payment_intent.canceled' },
  );
  return canceled !== undefined;
}

/** The invoice an intent pays, with its event. */
export async function linkInvoice(deps: Deps, trx: Executor, id: string, invoiceId: string): Promise<void> {
  await deps.resources.paymentIntents.update(trx, id, { invoice_id: invoiceId }, 'payment_intent.updated');
}
