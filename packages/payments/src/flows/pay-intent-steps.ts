import { txHash } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { z } from 'zod';
import { claimIntentPayment } from './claim-payment.ts';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';

/**
 * What the connect actions that pay an intent outside a checkout share (`collect-batch`, `collect`):
 * the wallet is shown the transfer as the intent stands now, and its answer names it.
 */

/** The transfer that pays the intent now; `settled` is the refusal once nothing is left to pay. */
async function transferFor(deps: Deps, intentId: string, settled: string) {
  const intent = await findIntentRow(deps.db, intentId);
  if (!intent || intent.status === 'succeeded' || intent.status === 'canceled')
    throw new KioskError(settled, { status: 409 });
  const method = await getPaymentMethod(deps.db, flag(intent.livemode), intent.payment_method_id);
  const currency = method?.payment_currencies.find((c) => c.id === intent.currency_id);
  if (!method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter, method: read } = deps.methods.read(method);
  return adapter.instructions(read, currency, BigInt(String(intent.amount)));
}

/** What an opened session carries: who pays, and the intent they pay. */
export interface IntentPayment {
  sessionUserDid: string;
  paymentIntentId: string;
}

/** The `describe`, `answer` and `complete` of an action whose `open` names the intent to pay. */
export function payIntentSteps(deps: Deps, settled: string) {
  return {
    async describe(fields: Record<string, unknown>) {
      const { paymentIntentId, sessionUserDid } = fields as unknown as IntentPayment;
      return {
        payment: {
          payment_intent_id: paymentIntentId,
          // Only the customer's own transfer pays: a wallet holding another account refuses first.
          payer: sessionUserDid.slice(sessionUserDid.lastIndexOf(':') + 1),
          ...(await transferFor(deps, paymentIntentId, settled)),
        },
      };
    },
    answer: z.object({ tx_hash: txHash }),
    async complete(fields: Record<string, unknown>, did: string, answer: Record<string, unknown>) {
      const { paymentIntentId, sessionUserDid } = fields as unknown as IntentPayment;
      if (did !== sessionUserDid) throw new KioskError('PAYER_MISMATCH', { status: 403 });
      await claimIntentPayment(deps, paymentIntentId, { did }, answer.tx_hash as string);
    },
  };
}
