import { z } from 'zod';
import type { PaymentMethodAdapter } from '../adapter.ts';
import { stripeClients, type StripeEndpoints } from './client.ts';
import { readStripeNotice } from './notices.ts';
import { cardMandateInstructions, collectByCard, prepareCardMandate, verifyCardMandate } from './mandates.ts';
import { prepareCardPayment, releaseCardPayment, verifyCardPayment } from './payments.ts';
import { listCardRefunds, refundCardPayment } from './refunds.ts';
import { stripeSettings, type StripeSettings } from './settings.ts';

/** Currencies whose smallest unit is the whole unit at Stripe (its zero-decimal list). */
const ZERO_DECIMAL = new Set('BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '));

/**
 * Cards through the merchant's own Stripe account. The server opens a PaymentIntent for each order
 * (prepare), the buyer's browser confirms it with Stripe.js (3-D Secure included), and only Stripe's
 * answer to a retrieve decides that it is paid, whether the buyer's return or a signed webhook asked.
 * A paid card payment is refunded through Stripe, in full or in part. A subscription saves the card
 * (mandates.ts) and each cycle is charged off session by the billing engine.
 */
export function createStripeAdapter(endpoints: StripeEndpoints = {}): PaymentMethodAdapter<StripeSettings> {
  const client = stripeClients(endpoints);
  return {
    types: ['stripe'],
    // Subscriptions save the card (a SetupIntent) and Kiosk charges it each cycle, off session.
    capabilities: { recurring: true, collect: true, refund: true, collectsAnyAmount: true },
    settings: stripeSettings,
    publicSettings: ({ publishable_key }) => ({
      publishable_key,
      ...(endpoints.jsUrl && { js_url: endpoints.jsUrl }),
    }),
    checkCurrency({ symbol, decimal, contract }) {
      if (contract !== null) return { field: 'contract', message: 'validation.cardCurrencyContract' };
      if (!/^[A-Z]{3}$/.test(symbol) || !Intl.supportedValuesOf('currency').includes(symbol))
        return { field: 'symbol', message: 'validation.currencyCode' };
      if (decimal !== (ZERO_DECIMAL.has(symbol) ? 0 : 2))
        return { field: 'decimal', message: 'validation.currencyDecimal' };
      return undefined;
    },

    instructions: (_method, currency, amount) => ({
      type: 'card',
      amount: amount.toString(),
      currency_id: currency.id,
      decimal: currency.decimal,
      symbol: currency.symbol,
    }),
    prepare: (method, currency, payment, previous) =>
      prepareCardPayment(client(method.settings.secret_key), currency, payment, previous),
    prepareMandate: (method, _currency, mandate, previous) =>
      prepareCardMandate(client(method.settings.secret_key), mandate, previous),
    mandateInstructions: (_method, currency, request) => cardMandateInstructions(currency, request),
    verifyMandate: (method, _currency, request) =>
      verifyCardMandate(client(method.settings.secret_key), request),
    collect: (method, currency, mandate, charge) =>
      collectByCard(client(method.settings.secret_key), currency, mandate, charge),
    release: (method, previous) => releaseCardPayment(client(method.settings.secret_key), previous),
    reference: z
      .string({ error: 'validation.paymentIntentId' })
      .regex(/^pi_\w{8,}$/, 'validation.paymentIntentId'),
    // Stripe's ids are unique across its accounts; one account is one network of references.
    network: (settings) => `stripe:${settings.publishable_key}`,
    verify: (method, currency, claim) =>
      verifyCardPayment(
        client(method.settings.secret_key),
        currency,
        method.payment_currencies.filter((c) => c.id !== currency.id),
        claim,
      ),
    refund: (method, _currency, received, amount, refund) =>
      refundCardPayment(client(method.settings.secret_key), received, amount, refund),
    refundsOf: (method, received) => listCardRefunds(client(method.settings.secret_key), received),
    readNotice: (method, notice) =>
      readStripeNotice(client(method.settings.secret_key), method.settings.webhook_signing_secret, notice),
  };
}
