import { checkQuantity, KioskError, nowUnix, type ErrorDetail } from '@kiosk/core';
import {
  checkCustomerDetails,
  type CustomerDetailsInput,
  type FieldPattern,
} from '@kiosk/core/customer-details';
import { normalizePhone } from '@kiosk/core/phone';
import { flag, fromJson, toJson, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import { upsertCustomer, type Customer } from '../customers/service.ts';
import { prepareCheckoutInvoice } from '../invoices/service.ts';
import { getPaymentMethod } from '../payment-methods/service.ts';
import { preparePaymentIntent } from '../payment-intents/service.ts';
import { crossSellPrice } from './edit.ts';
import { priceLines, type StoredLine } from './lines.ts';
import { paymentInstructions, type PaymentInstructions } from './pay.ts';

export interface SubmitInput extends CustomerDetailsInput {
  payment_method: string;
  payment_currency: string;
}

export interface Submitted {
  sessionId: string;
  paymentIntentId: string;
  customer: Customer;
  instructions: PaymentInstructions;
}

/**
 * PUT /api/checkout-sessions/{id}/submit: checks the buyer's details (seed 000 §5), the chosen method
 * and currency, and stock; records the customer; creates or re-aims the payment intent and the open
 * invoice; all in one transaction with an event per change. It never marks anything paid: only the
 * chain watcher does that.
 */
export async function submitCheckout(
  db: PaymentsDb,
  sessionId: string,
  buyerDid: string,
  input: SubmitInput,
  locale: string,
): Promise<Submitted> {
  return db.transaction().execute(async (trx) => {
    // Claiming the row first makes concurrent submits of one session wait for each other.
    const claimed = await trx
      .updateTable('checkout_sessions')
      .set({ updated_at: nowUnix() })
      .where('id', '=', sessionId)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
    const livemode = flag(claimed.livemode);
    if (claimed.payment_status !== 'unpaid' || claimed.status === 'complete')
      throw new KioskError('CHECKOUT_ALREADY_PAID', { status: 409 });
    if (claimed.status === 'expired' || Number(claimed.expires_at) <= nowUnix())
      throw new KioskError('CHECKOUT_SESSION_EXPIRED', { status: 410 });

    const metadata = fromJson<{ page_info?: { field_validation?: Record<string, FieldPattern> } }>(
      claimed.metadata,
      {},
    );
    const { details, problems } = checkCustomerDetails(input, {
      phoneRequired: fromJson(claimed.phone_number_collection, { enabled: false }).enabled,
      addressRequired: claimed.billing_address_collection === 'required',
      fieldValidation: metadata.page_info?.field_validation,
      locale,
      normalizePhone,
    });
    if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });

    const method = await getPaymentMethod(trx, livemode, input.payment_method);
    const currency = method?.payment_currencies.find((c) => c.id === input.payment_currency);
    if (!method || !method.active || !currency || !currency.active)
      throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });

    const lines = fromJson<StoredLine[]>(claimed.line_items, []);
    // Seed 000 §8: a required cross-sell must be in the cart before paying.
    if (claimed.cross_sell_behavior === 'required' && !lines.some((l) => l.cross_sell)) {
      if (await crossSellPrice(trx, livemode, lines, currency.id))
        throw new KioskError('REQUIRE_CROSS_SELL', { status: 400 });
    }
    const priced = await priceLines(trx, livemode, lines, currency.id);
    const stock: ErrorDetail[] = [];
    for (const [index, line] of lines.entries()) {
      const problem = checkQuantity(priced.prices.get(line.price_id)!, line.quantity);
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

    const customer = await upsertCustomer(trx, livemode, buyerDid, details);
    const description = [...priced.prices.values()].map((p) => p.nickname).find(Boolean) ?? null;
    const paymentIntentId = await preparePaymentIntent(trx, {
      livemode,
      sessionId,
      existingId: claimed.payment_intent_id,
      amount: priced.total,
      currencyId: currency.id,
      methodId: method.id,
      customerId: customer.id,
      description,
    });
    const invoiceId = await prepareCheckoutInvoice(trx, {
      livemode,
      existingId: claimed.invoice_id,
      sessionId,
      paymentIntentId,
      customerId: customer.id,
      currencyId: currency.id,
      total: priced.total,
      lines: priced.lines,
      description,
    });
    await trx
      .updateTable('checkout_sessions')
      .set({
        customer_id: customer.id,
        customer_did: buyerDid,
        currency_id: currency.id,
        payment_method_id: method.id,
        payment_intent_id: paymentIntentId,
        invoice_id: invoiceId,
        amount_subtotal: priced.total.toString(),
        amount_total: priced.total.toString(),
        customer_details: toJson({
          name: details.name,
          email: details.email,
          phone: details.phone,
          address: details.address,
        }),
      })
      .where('id', '=', sessionId)
      .execute();
    await recordEvent(trx, {
      type: 'checkout.session.updated',
      livemode,
      objectId: sessionId,
      data: { payment_intent_id: paymentIntentId },
    });

    return {
      sessionId,
      paymentIntentId,
      customer,
      instructions: paymentInstructions(method, currency, priced.total),
    };
  });
}
