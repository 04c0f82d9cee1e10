import { DID_PATTERN } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { ConnectAction } from '@kiosk/identity';
import { z } from 'zod';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { payIntentSteps, type IntentPayment } from '../flows/pay-intent-steps.ts';
import { startOverdueTransfer } from '../flows/pay-overdue.ts';
import { findSubscriptionRow } from './queries.ts';

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
type Opened = Params & IntentPayment;

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
      const started = await startOverdueTransfer(
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
    ...payIntentSteps(deps, 'NOTHING_OVERDUE'),
  };
}
