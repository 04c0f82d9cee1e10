import { DID_PATTERN, txHash } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { ConnectAction } from '@kiosk/identity';
import { z } from 'zod';
import { claimIntentPayment } from '../charges/claim.ts';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { getPaymentMethod } from '../payment-methods/service.ts';
import { findIntentRow } from '../payment-intents/service.ts';
import { startOverduePayment } from './overdue.ts';
import { findSubscriptionRow } from './service.ts';

const params = z
  .object({
    currencyId: z.string().min(1).max(64),
    subscriptionId: z.string().min(1).max(64).optional(),
    customerId: z.string().min(1).max(64).optional(),
    sessionUserDid: z.string().regex(DID_PATTERN, 'validation.did'),
  })
  .refine((p) => p.subscriptionId || p.customerId, {
    message: 'validation.overdueScope',
    path: ['subscriptionId'],
  });
type Params = z.infer<typeof params>;
type Opened = Params & { paymentIntentId: string };

/** The mode the overdue invoices are in: their subscription's or customer's. */
async function modeOf(deps: Deps, fields: Params): Promise<boolean> {
  const row = fields.subscriptionId
    ? await findSubscriptionRow(deps.db, fields.subscriptionId)
    : await deps.db
        .selectFrom('customers')
        .select('livemode')
        .where('id', '=', fields.customerId!)
        .executeTakeFirst();
  if (!row)
    throw new KioskError(fields.subscriptionId ? 'SUBSCRIPTION_NOT_FOUND' : 'CUSTOMER_NOT_FOUND', {
      status: 404,
    });
  return flag(row.livemode);
}

/** The intent the session pays, and the transfer that pays it as it stands now. */
async function payable(deps: Deps, intentId: string) {
  const intent = await findIntentRow(deps.db, intentId);
  if (!intent || intent.status === 'succeeded' || intent.status === 'canceled')
    throw new KioskError('NOTHING_OVERDUE', { status: 409 });
  const method = await getPaymentMethod(deps.db, flag(intent.livemode), intent.payment_method_id);
  const currency = method?.payment_currencies.find((c) => c.id === intent.currency_id);
  if (!method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter, method: read } = deps.methods.read(method);
  return adapter.instructions(read, currency, BigInt(String(intent.amount)));
}

/**
 * Connect action `collect-batch` (seed 000 §7: currencyId plus subscriptionId or customerId): the
 * past-due dialog asks the customer's wallet, on another device or the demo's test wallet, to pay one
 * currency's overdue invoices at once. Opening the session starts that payment (one intent for the
 * sum, as `POST /api/invoices/overdue/pay` does); the wallet sees it as a `payment`, makes the
 * transfer and answers its hash, which names it.
 */
export function collectBatchConnectAction(deps: Deps): ConnectAction {
  return {
    params,
    async open(fields) {
      const asked = fields as Params;
      const started = await startOverduePayment(
        deps,
        { did: asked.sessionUserDid },
        await modeOf(deps, asked),
        {
          currency_id: asked.currencyId,
          subscription_id: asked.subscriptionId,
          customer_id: asked.customerId,
        },
      );
      return { ...asked, paymentIntentId: started.paymentIntent.id } satisfies Opened;
    },
    async describe(fields) {
      const { paymentIntentId, sessionUserDid } = fields as Opened;
      return {
        payment: {
          payment_intent_id: paymentIntentId,
          // Only the customer's own transfer pays: a wallet holding another account refuses first.
          payer: sessionUserDid.slice(sessionUserDid.lastIndexOf(':') + 1),
          ...(await payable(deps, paymentIntentId)),
        },
      };
    },
    answer: z.object({ tx_hash: txHash }),
    async complete(fields, did, answer) {
      const { paymentIntentId, sessionUserDid } = fields as Opened;
      if (did !== sessionUserDid) throw new KioskError('PAYER_MISMATCH', { status: 403 });
      await claimIntentPayment(deps, paymentIntentId, { did }, answer.tx_hash as string);
    },
  };
}
