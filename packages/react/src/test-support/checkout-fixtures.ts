import type {
  CheckoutEnvelope,
  CheckoutSession,
  Customer,
  ExpandedPrice,
  PaymentIntent,
  KioskSettings,
  PublicPaymentMethod,
  SessionLineItem,
  SubmitAnswer,
} from '@kiosk/contracts';
import type { SessionAnswer } from '../session/use-kiosk-session.ts';
import type { ApiHandler } from './mock-api.ts';

/**
 * Objects shaped as the Kiosk Pay API answers them (docs/payments.md), for component tests. The real
 * server speaks the same shapes in the browser tests.
 */

export const KDT = 'pc_kdt';
export const ETH = 'pc_eth';
export const RECEIVER = '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199';
export const BUYER_ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const BUYER_DID = `did:pkh:eip155:1:${BUYER_ADDRESS}`;
/** The fixtures' clock: 2026-01-01, in Unix seconds. */
const CREATED = 1_767_225_600;

/** A method as buyers' pages get it, taking no mandates (`withMandates` gives it some). */
export function paymentMethod(overrides: Partial<PublicPaymentMethod> = {}): PublicPaymentMethod {
  const currency = {
    livemode: false,
    payment_method_id: 'pm_local',
    logo: null,
    active: true,
    capabilities: { recurring: false },
  };
  return {
    id: 'pm_local',
    livemode: false,
    type: 'evm',
    name: 'Local chain',
    description: null,
    logo: null,
    settings: { chain_id: 31337 },
    default_currency_id: KDT,
    active: true,
    metadata: {},
    created_at: CREATED,
    updated_at: CREATED,
    capabilities: { recurring: false },
    payment_currencies: [
      {
        ...currency,
        id: KDT,
        name: 'Kiosk Demo Token',
        symbol: 'KDT',
        decimal: 6,
        maximum_precision: 2,
        contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        is_base_currency: false,
      },
      {
        ...currency,
        id: ETH,
        name: 'Ether',
        symbol: 'ETH',
        decimal: 18,
        maximum_precision: 6,
        contract: null,
        is_base_currency: true,
      },
    ],
    ...overrides,
  };
}

/**
 * The method as the server answers it when its adapter says it takes mandates in the currencies
 * `currencyIds` (a token the rail can pull, say) and in none of its others.
 */
export function withMandates(method: PublicPaymentMethod, currencyIds: string[]): PublicPaymentMethod {
  return {
    ...method,
    capabilities: { recurring: currencyIds.length > 0 },
    payment_currencies: method.payment_currencies.map((currency) => ({
      ...currency,
      capabilities: { recurring: currencyIds.includes(currency.id) },
    })),
  };
}

export function settings(): KioskSettings {
  const method = paymentMethod();
  return { paymentMethods: [method], baseCurrency: method.payment_currencies[0]! };
}

let priceCount = 0;

/** A one-time price in KDT (smallest units: 6 decimals), optionally offered in ETH too. */
export function price(overrides: Partial<ExpandedPrice> & { name?: string } = {}): ExpandedPrice {
  const { name = 'Poster', ...rest } = overrides;
  const id = rest.id ?? `price_${++priceCount}`;
  return {
    id,
    livemode: false,
    product_id: `prod_${id}`,
    type: 'one_time',
    nickname: null,
    lookup_key: null,
    currency_id: KDT,
    unit_amount: '25000000',
    currency_options: [
      { currency_id: ETH, unit_amount: '10000000000000000', custom_unit_amount: null, tiers: null },
    ],
    custom_unit_amount: null,
    recurring: null,
    upsell: null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    active: true,
    metadata: {},
    created_at: CREATED,
    updated_at: CREATED,
    product: {
      id: `prod_${id}`,
      name,
      description: null,
      images: [],
      unit_label: null,
      statement_descriptor: null,
    },
    ...rest,
  };
}

export function line(linePrice: ExpandedPrice, overrides: Partial<SessionLineItem> = {}): SessionLineItem {
  return {
    price_id: linePrice.id,
    quantity: 1,
    cross_sell: false,
    amount_total: linePrice.unit_amount,
    price: linePrice,
    ...overrides,
  };
}

export function checkoutSession(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  const lines = overrides.line_items ?? [line(price())];
  return {
    id: 'cs_test0000001',
    object: 'checkout.session',
    livemode: false,
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    payment_link_id: null,
    customer_id: null,
    customer_did: null,
    currency_id: KDT,
    line_items: lines,
    amount_subtotal: '25000000',
    amount_total: '25000000',
    expires_at: Math.floor(Date.now() / 1000) + 3_600,
    submit_type: 'auto',
    cross_sell_behavior: 'auto',
    phone_number_collection: { enabled: false },
    billing_address_collection: 'auto',
    subscription_data: {},
    trial_eligible: true,
    customer_details: {},
    success_url: null,
    cancel_url: null,
    payment_method_id: null,
    payment_intent_id: null,
    invoice_id: null,
    subscription_id: null,
    subscriptions: [],
    metadata: {},
    url: 'http://localhost:3000/checkout/pay/cs_test0000001',
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function envelope(
  session: Partial<CheckoutSession> = {},
  extra: Partial<CheckoutEnvelope> = {},
): CheckoutEnvelope {
  return {
    checkoutSession: checkoutSession(session),
    paymentMethods: [paymentMethod()],
    paymentLink: null,
    paymentIntent: null,
    customer: null,
    ...extra,
  };
}

export function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cus_1',
    object: 'customer',
    did: BUYER_DID,
    livemode: false,
    name: 'Ada Lovelace',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    address: {},
    metadata: {},
    test_clock: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function submitAnswer(
  base: CheckoutEnvelope,
  amount = base.checkoutSession.amount_total,
): SubmitAnswer {
  return {
    ...base,
    checkoutSession: {
      ...base.checkoutSession,
      payment_intent_id: 'pi_1',
      invoice_id: 'in_1',
      customer_did: BUYER_DID,
    },
    paymentIntent: paymentIntent({ amount, checkout_session_id: base.checkoutSession.id }),
    paymentInstructions: {
      type: 'evm_transfer',
      chain_id: 31337,
      to: RECEIVER,
      token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      amount,
      currency_id: KDT,
      decimal: 6,
      symbol: 'KDT',
    },
    mandateInstructions: null,
    balance: { sufficient: false },
    delegation: { sufficient: false },
    fastPayInfo: null,
    stripeContext: null,
  };
}

/** The fixture order's intent, waiting for the buyer's transfer. */
export function paymentIntent(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    livemode: false,
    status: 'requires_action',
    amount: '25000000',
    amount_received: '0',
    currency_id: KDT,
    payment_method_id: 'pm_local',
    customer_id: 'cus_1',
    checkout_session_id: 'cs_test0000001',
    invoice_id: 'in_1',
    description: null,
    last_payment_error: null,
    payment_details: {},
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

/** What `GET /api/session` answers: the fixture buyer signed in, or nobody. */
export function sessionAnswer(signedIn: boolean, testWallet = false): SessionAnswer {
  return {
    user: signedIn
      ? { did: BUYER_DID, address: BUYER_ADDRESS, name: null, avatar: null, passports: [] }
      : null,
    initialized: true,
    test_wallet: testWallet,
  };
}

/**
 * The calls every checkout page makes, answered for the fixture buyer: the session, the settings, the
 * customer record, no cross-sell offer, and `base` as the checkout session when given.
 */
export function checkoutRoutes(
  base?: CheckoutEnvelope,
  options: { session?: SessionAnswer; customer?: Customer } = {},
): Record<string, ApiHandler> {
  const id = base?.checkoutSession.id ?? 'cs_test0000001';
  return {
    'GET /api/session': () => options.session ?? sessionAnswer(true),
    'GET /api/settings': () => settings(),
    'GET /api/customers/me': () => options.customer ?? customer(),
    [`GET /api/checkout-sessions/${id}/cross-sell`]: () => null,
    ...(base ? { [`GET /api/checkout-sessions/retrieve/${id}`]: () => base } : {}),
  };
}
