import type { Customer, MandateInstructions, PaymentInstructions } from '@kiosk/contracts';
import { checkQuantity, KioskError, type ErrorDetail } from '@kiosk/core';
import {
  checkCustomerDetails,
  type CustomerDetailsInput,
  type FieldPattern,
} from '@kiosk/core/customer-details';
import { normalizePhone } from '@kiosk/core/phone';
import { askFirst, transaction } from '@kiosk/db';
import { flag, fromJson, toJson } from '../db.ts';
import type { Deps } from '../deps.ts';
import { upsertCustomer } from '../customers/service.ts';
import { refuseIfOverdue } from './pay-overdue.ts';
import { renewalInstructions } from '../subscriptions/reauthorise.ts';
import { readPayerOn } from '../subscriptions/service.ts';
import { createCheckoutInvoice, reaimInvoice } from '../invoices/service.ts';
import { getPaymentMethod } from '../payment-methods/service.ts';
import { createPaymentIntent, reaimPaymentIntent } from '../payment-intents/service.ts';
import { crossSellPrice } from './edit-checkout.ts';
import { priceLines, type StoredLine } from '../prices/queries.ts';
import type { Buyer } from '../schemas.ts';
import { lockOpenOrder } from './order.ts';
import { askSetupMandate } from './setup-session.ts';
import { subscribeOrder } from '../subscriptions/subscribe.ts';
import { lockStock } from '../prices/stock.ts';
import { heldQuantities, findSessionRow } from '../checkout-sessions/queries.ts';
import { findCustomerByDid } from '../customers/queries.ts';

export interface SubmitInput extends CustomerDetailsInput {
  payment_method: string;
  payment_currency: string;
}

export interface Submitted {
  sessionId: string;
  customer: Customer;
  /** How to pay now (a one-time order). */
  instructions: PaymentInstructions | null;
  /** What the wallet signs once (a subscription). */
  mandate: MandateInstructions | null;
}

/**
 * PUT /api/checkout-sessions/{id}/submit: checks the buyer's details (seed 000 §5), the chosen method
 * and currency, and stock; records the customer; creates the payment intent and the open invoice, or
 * re-aims them while nothing is on its way to pay them; all in one transaction with an event per
 * change. It never marks anything paid: only a verified payment does. A submitted session holds its
 * stock until it expires, closes or is paid (lines.ts heldQuantities); its payment checks the stock
 * again when it settles. A subscription or setup session answers what the wallet signs, for which what
 * the buyer's wallet already allows is asked of the rail first, before the transaction.
 */
export async function submitCheckout(
  deps: Deps,
  sessionId: string,
  buyer: Buyer,
  input: SubmitInput,
  locale: string,
): Promise<Submitted> {
  const payer = await askFirst(() => askPayer(deps, sessionId, buyer, input));
  return transaction(deps.db, async (trx): Promise<Submitted> => {
    const { session, intent } = await lockOpenOrder(deps, trx, sessionId, buyer);
    const livemode = flag(session.livemode);
    // Seed 000 §8: overdue invoices block every new purchase until they are paid (before the form is
    // checked: the page opens the past-due dialog rather than point at fields).
    // A setup session is how an overdue customer puts a working method in place: it is never blocked.
    const known = await findCustomerByDid(trx, livemode, buyer.did);
    if (known && session.mode !== 'setup') await refuseIfOverdue(trx, known.id);

    const metadata = fromJson<{ page_info?: { field_validation?: Record<string, FieldPattern> } }>(
      session.metadata,
      {},
    );
    const { details, problems } = checkCustomerDetails(input, {
      phoneRequired: fromJson(session.phone_number_collection, { enabled: false }).enabled,
      addressRequired: session.billing_address_collection === 'required',
      fieldValidation: metadata.page_info?.field_validation,
      locale,
      normalizePhone,
    });
    if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });

    const method = await getPaymentMethod(trx, livemode, input.payment_method);
    const currency = method?.payment_currencies.find((c) => c.id === input.payment_currency);
    if (!method || !method.active || !currency || !currency.active)
      throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });

    if (session.mode === 'setup') {
      const customer = await upsertCustomer(deps, trx, livemode, buyer.did, details);
      const asked = await askSetupMandate(deps, trx, session, { method, currency });
      await deps.resources.checkoutSessions.update(
        trx,
        sessionId,
        {
          currency_id: currency.id,
          payment_method_id: method.id,
          customer_details: customerDetailsOf(details),
        },
        'checkout.session.updated',
      );
      const mandate = renewalInstructions(deps, asked.subscription, asked.collecting, payer);
      return { sessionId, customer, instructions: null, mandate };
    }

    const lines = fromJson<StoredLine[]>(session.line_items, []);
    // Seed 000 §8: a required cross-sell must be in the cart before paying.
    if (session.cross_sell_behavior === 'required' && !lines.some((l) => l.cross_sell)) {
      if (await crossSellPrice(trx, livemode, lines, currency.id))
        throw new KioskError('REQUIRE_CROSS_SELL', { status: 400 });
    }
    const priced = await priceLines(trx, livemode, lines, currency.id);
    // A recurring price is a subscription: it is never sold once as a one-time payment.
    if (priced.mode !== session.mode)
      throw new KioskError('CHECKOUT_MODE_NOT_SUPPORTED', { params: { mode: priced.mode } });
    // Stock: what is sold, what other submitted orders hold, and this order must fit together. The
    // prices stay locked until this transaction ends, when this session's hold is recorded too.
    // Only prices with limited stock are locked and counted: an unlimited one never makes submits wait.
    const limited = lines
      .map((l) => l.price_id)
      .filter((id) => priced.prices.get(id)!.quantity_available > 0);
    const stocked = await lockStock(deps, trx, limited);
    const held = await heldQuantities(deps, trx, limited, sessionId);
    const taken = new Map<string, number>(); // by this order's earlier lines of the same price
    const stock: ErrorDetail[] = [];
    for (const [index, line] of lines.entries()) {
      const price = stocked.get(line.price_id) ?? priced.prices.get(line.price_id)!;
      const before = price.quantity_sold + (held.get(line.price_id) ?? 0) + (taken.get(line.price_id) ?? 0);
      taken.set(line.price_id, (taken.get(line.price_id) ?? 0) + line.quantity);
      const problem = checkQuantity({ ...price, quantity_sold: before }, line.quantity);
      if (problem)
        stock.push({
          path: `line_items.${index}`,
          message: problem === 'exceed_inventory' ? 'Exceed inventory' : 'Exceed purchase limit',
        });
    }
    if (stock.length) {
      throw new KioskError(
        stock[0]!.message === 'Exceed inventory' ? 'EXCEED_INVENTORY' : 'EXCEED_PURCHASE_LIMIT',
        { details: stock },
      );
    }

    const customer = await upsertCustomer(deps, trx, livemode, buyer.did, details);
    const sessionChange = {
      customer_id: customer.id,
      customer_did: buyer.did,
      currency_id: currency.id,
      payment_method_id: method.id,
      amount_subtotal: priced.total.toString(),
      amount_total: priced.total.toString(),
      customer_details: customerDetailsOf(details),
    };
    if (priced.mode === 'subscription') {
      const { subscriptionId, mandate } = await subscribeOrder(deps, trx, {
        session,
        livemode,
        customerId: customer.id,
        method,
        currency,
        priced,
        subscriptionData: fromJson(session.subscription_data, {}),
        payer,
      });
      await deps.resources.checkoutSessions.update(
        trx,
        sessionId,
        { ...sessionChange, subscription_id: subscriptionId },
        'checkout.session.updated',
      );
      return { sessionId, customer, instructions: null, mandate };
    }

    const description = [...priced.prices.values()].map((p) => p.nickname).find(Boolean) ?? null;
    const terms = {
      amount: priced.total,
      currencyId: currency.id,
      methodId: method.id,
      customerId: customer.id,
    };
    const paymentIntentId = intent
      ? (await reaimPaymentIntent(deps, trx, intent.id, terms)).id
      : (await createPaymentIntent(deps, trx, { ...terms, livemode, sessionId, description })).id;
    const change = {
      total: priced.total,
      lines: priced.lines,
      currencyId: currency.id,
      customerId: customer.id,
    };
    const invoiceId = session.invoice_id
      ? (await reaimInvoice(deps, trx, session.invoice_id, change), session.invoice_id)
      : (
          await createCheckoutInvoice(deps, trx, {
            livemode,
            sessionId,
            paymentIntentId,
            customerId: customer.id,
            currencyId: currency.id,
            total: priced.total,
            lines: priced.lines,
            description,
          })
        ).id;
    await deps.resources.checkoutSessions.update(
      trx,
      sessionId,
      { ...sessionChange, payment_intent_id: paymentIntentId, invoice_id: invoiceId },
      'checkout.session.updated',
    );

    const { adapter, method: read } = deps.methods.read(method);
    return {
      sessionId,
      customer,
      instructions: adapter.instructions(read, currency, priced.total),
      mandate: null,
    };
  });
}

/**
 * What the buyer's wallet already allows on the chosen method's rail, when the order asks for a
 * mandate (a subscription or setup session); read before the transaction, which decides the rest.
 */
async function askPayer(deps: Deps, sessionId: string, buyer: Buyer, input: SubmitInput) {
  const session = await findSessionRow(deps.db, sessionId);
  if (!session || session.mode === 'payment') return undefined;
  const method = await getPaymentMethod(deps.db, flag(session.livemode), input.payment_method);
  const currency = method?.payment_currencies.find((c) => c.id === input.payment_currency);
  return method && currency ? readPayerOn(deps, { method, currency }, buyer.did) : undefined;
}

/** The buyer's details as the session keeps them. */
const customerDetailsOf = (details: ReturnType<typeof checkCustomerDetails>['details']) =>
  toJson({ name: details.name, email: details.email, phone: details.phone, address: details.address });
