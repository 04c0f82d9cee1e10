import {
  pageInfo,
  type Customer,
  type MandateInstructions,
  type PaymentCurrency,
  type PaymentInstructions,
  type PaymentMethod,
  type Price,
} from '@kiosk/contracts';
import { checkQuantity, KioskError, type ErrorDetail } from '@kiosk/core';
import {
  checkCustomerDetails,
  type CleanDetails,
  type CustomerDetailsInput,
  type FieldPattern,
} from '@kiosk/core/customer-details';
import { normalizePhone } from '@kiosk/core/phone';
import { askFirst, transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { ensureCustomer, upsertCustomer } from '../customers/service.ts';
import { isAnonymousDonor } from '../donations/donor.ts';
import { refuseUnlessDonation } from '../donations/submit.ts';
import { refuseIfOverdue } from './pay-overdue.ts';
import { renewalInstructions } from '../subscriptions/reauthorise.ts';
import { readPayerOn } from '../subscriptions/service.ts';
import { reaimInvoice } from '../invoices/service.ts';
import { createPaymentIntent, reaimPaymentIntent } from '../payment-intents/service.ts';
import { crossSellPrice } from './edit-checkout.ts';
import { priceLines, type PricedLines, type StoredLine } from '../prices/queries.ts';
import type { Buyer } from '../schemas.ts';
import { lockOpenOrder, type Order } from './order.ts';
import { askSetupMandate } from './setup-session.ts';
import { subscribeOrder } from '../subscriptions/subscribe.ts';
import { lockStock } from '../prices/stock.ts';
import { heldQuantities, findSessionRow } from '../checkout-sessions/queries.ts';
import { findCustomerByDid } from '../customers/queries.ts';
import { listPaymentMethods } from '../payment-methods/queries.ts';
import { checkoutSessionJson, type CheckoutSessionRow as SessionRow } from '../checkout-sessions/table.ts';
import type { PaymentIntentRow } from '../payment-intents/table.ts';
import type { PayerStanding, PaymentContext } from '../methods/adapter.ts';
import {
  prepareOrderMandate,
  prepareOrderPayment,
  preparedDetails,
  preparedMandateRail,
  type PreparedMandateOrder,
  type PreparedOrder,
} from './prepare-payment.ts';
import { paymentIntentJson } from '../payment-intents/table.ts';

export interface SubmitInput extends CustomerDetailsInput {
  payment_method: string;
  payment_currency: string;
}

export interface Submitted {
  /** The session as submit left it, with the prices it was priced by. */
  session: SessionRow;
  prices: ReadonlyMap<string, Price>;
  /** The order's payment intent (a one-time order). */
  intent: PaymentIntentRow | undefined;
  customer: Customer;
  /** The active payment methods of the session's mode, read once for the choice and the answer. */
  methods: PaymentMethod[];
  /** How to pay now (a one-time order). */
  instructions: PaymentInstructions | null;
  /** What the wallet signs once (a subscription). */
  mandate: MandateInstructions | null;
  /** What the page confirms with the rail's own script (a card's client secret). */
  context: PaymentContext | null;
}

/** A submit as its steps see it: the held order, its buyer and the choices already checked. */
interface Submit {
  deps: Deps;
  trx: Executor;
  order: Order;
  livemode: boolean;
  buyer: Buyer;
  details: CleanDetails | null;
  method: PaymentMethod;
  currency: PaymentCurrency;
  customer: Customer;
  payer: PayerStanding | undefined;
  prepared: PreparedOrder | undefined;
  preparedMandate: PreparedMandateOrder | undefined;
}

/**
 * PUT /api/checkout-sessions/{id}/submit: checks the buyer's details (seed 000 §5), the chosen method
 * and currency, and stock; records the customer; creates the payment intent, or re-aims it while
 * nothing is on its way to pay it; all in one transaction with an event per change. It never marks
 * anything paid and bills nothing: only a verified payment does, and its invoice comes with it. A
 * submitted session holds its stock until it expires, closes or is paid (checkout-sessions/queries.ts
 * heldQuantities); its payment checks the stock again when it settles. A subscription or setup session answers what the wallet
 * signs, for which what the buyer's wallet already allows is asked of the rail first, before the
 * transaction. What it read and wrote comes back with the answer, so the page's answer reads no row
 * again (the customer, the prices, the intent, the methods).
 */
export async function submitCheckout(
  deps: Deps,
  sessionId: string,
  buyer: Buyer,
  input: SubmitInput,
  locale: string,
  kind: 'order' | 'donation' = 'order',
): Promise<Submitted> {
  const asked = await askFirst(() => askRail(deps, sessionId, buyer, input, kind));
  const { payer, prepared, preparedMandate } = asked ?? {};
  return transaction(deps.db, async (trx): Promise<Submitted> => {
    const order = await lockOpenOrder(deps, trx, sessionId, buyer);
    const { session } = order;
    if (kind === 'donation') refuseUnlessDonation(session);
    const livemode = flag(session.livemode);
    // Seed 000 §8: overdue invoices block every new purchase until they are paid (before the form is
    // checked: the page opens the past-due dialog rather than point at fields).
    // A setup session is how an overdue customer puts a working method in place: it is never blocked.
    const anonymous = isAnonymousDonor(buyer.did);
    const known = anonymous ? null : await findCustomerByDid(trx, livemode, buyer.did);
    if (known && session.mode !== 'setup') await refuseIfOverdue(trx, known.id);
    // An anonymous donor is asked for nothing: the page shows them no contact fields (seed 000 §2).
    const details = anonymous ? null : checkedDetails(session, input, locale);
    const methods = asked?.methods ?? (await listPaymentMethods(trx, livemode, { activeOnly: true }));
    const method = methods.find((m) => m.id === input.payment_method);
    const currency = method?.payment_currencies.find((c) => c.id === input.payment_currency);
    if (!method || !currency || !currency.active)
      throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
    const customer = details
      ? await upsertCustomer(deps, trx, livemode, buyer.did, details, known ?? null)
      : await ensureCustomer(deps, trx, livemode, buyer.did);
    const submit = {
      deps,
      trx,
      order,
      livemode,
      buyer,
      details,
      method,
      currency,
      customer,
      payer,
      prepared,
      preparedMandate,
    };
    const submitted = session.mode === 'setup' ? await submitSetup(submit) : await submitOrder(submit);
    return { ...submitted, customer, methods };
  });
}

type StepAnswer = Omit<Submitted, 'customer' | 'methods'>;

/** The buyer's details checked as the session asks (seed 000 §5); every problem at once. */
function checkedDetails(session: SessionRow, input: SubmitInput, locale: string): CleanDetails {
  const { details, problems } = checkCustomerDetails(input, {
    phoneRequired: checkoutSessionJson.phone_number_collection.read(session.phone_number_collection).enabled,
    addressRequired: session.billing_address_collection === 'required',
    fieldValidation: fieldValidationOf(session),
    locale,
    normalizePhone,
  });
  if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });
  return details;
}

/**
 * Seed 000 §3: the merchant's field patterns, in the metadata's `page_info`. A link's metadata is
 * replaced by any record (PUT /api/payment-links/{id}) and its sessions copy it: a `page_info` that is
 * not the contract's checks nothing.
 */
function fieldValidationOf(session: SessionRow): Record<string, FieldPattern> | undefined {
  const info = pageInfo.optional().safeParse(checkoutSessionJson.metadata.read(session.metadata).page_info);
  return info.success ? info.data?.field_validation : undefined;
}

/** A setup session asks for the new mandate on the chosen method (setup-session.ts). */
async function submitSetup(s: Submit): Promise<StepAnswer> {
  const { deps, trx, order, method, currency } = s;
  const opened = preparedMandateRail(deps, method, s.preparedMandate);
  const asked = await askSetupMandate(
    deps,
    trx,
    order.session,
    { method, currency },
    opened?.prepared.details,
  );
  const session = await deps.resources.checkoutSessions.update(
    trx,
    order.session.id,
    {
      currency_id: currency.id,
      payment_method_id: method.id,
      customer_details: customerDetailsOf(s.details),
    },
    'checkout.session.updated',
  );
  return {
    session: session!,
    prices: new Map(),
    intent: order.intent,
    instructions: null,
    mandate: renewalInstructions(deps, asked.subscription, asked.collecting, s.payer),
    context: opened?.prepared.context ?? null,
  };
}

/** A one-time order or a subscription: priced, its stock held, then paid by an intent or a mandate. */
async function submitOrder(s: Submit): Promise<StepAnswer> {
  const { deps, trx, order, livemode, currency, method, customer } = s;
  const session = order.session;
  const lines = checkoutSessionJson.line_items.read(session.line_items);
  // Seed 000 §8: a required cross-sell must be in the cart before paying.
  if (session.cross_sell_behavior === 'required' && !lines.some((l) => l.cross_sell)) {
    if (await crossSellPrice(trx, livemode, lines, currency.id))
      throw new KioskError('REQUIRE_CROSS_SELL', { status: 400 });
  }
  const priced = await priceLines(trx, livemode, lines, currency.id);
  // A recurring price is a subscription: it is never sold once as a one-time payment.
  if (priced.mode !== session.mode)
    throw new KioskError('CHECKOUT_MODE_NOT_SUPPORTED', { params: { mode: priced.mode } });
  await holdStock(deps, trx, session.id, lines, priced);
  const sessionChange = {
    customer_id: customer.id,
    customer_did: s.buyer.did,
    currency_id: currency.id,
    payment_method_id: method.id,
    amount_subtotal: priced.total.toString(),
    amount_total: priced.total.toString(),
    customer_details: customerDetailsOf(s.details),
  };
  if (priced.mode === 'subscription') {
    const opened = preparedMandateRail(deps, method, s.preparedMandate);
    const { subscriptionId, mandate } = await subscribeOrder(deps, trx, {
      session,
      livemode,
      customerId: customer.id,
      method,
      currency,
      priced,
      subscriptionData: checkoutSessionJson.subscription_data.read(session.subscription_data),
      payer: s.payer,
      rail: opened?.prepared.details,
    });
    const updated = await deps.resources.checkoutSessions.update(
      trx,
      session.id,
      { ...sessionChange, subscription_id: subscriptionId },
      'checkout.session.updated',
    );
    const context = opened?.prepared.context ?? null;
    const answer = { prices: priced.prices, intent: undefined, instructions: null, mandate, context };
    return { session: updated!, ...answer };
  }

  const { intent, invoiceId, context, assigned } = await billOrder(s, priced);
  const updated = await deps.resources.checkoutSessions.update(
    trx,
    session.id,
    { ...sessionChange, payment_intent_id: intent.id, invoice_id: invoiceId },
    'checkout.session.updated',
  );
  const { adapter, method: read } = deps.methods.read(method);
  return {
    session: updated!,
    prices: priced.prices,
    intent,
    instructions: adapter.instructions(read, currency, priced.total, assigned),
    mandate: null,
    context,
  };
}

/**
 * The order's payment intent, made or re-aimed at what it costs now. Its invoice is made when it is
 * paid (settle-charge.ts): until then the buyer owes nothing. A session submitted before that rule
 * has an open invoice already, re-aimed with its intent.
 */
async function billOrder(s: Submit, priced: PricedLines) {
  const { deps, trx, order, livemode, currency, method, customer } = s;
  const description = [...priced.prices.values()].map((p) => p.nickname).find(Boolean) ?? null;
  const asked = { amount: priced.total, currencyId: currency.id, methodId: method.id };
  // A payment the rail opened first is kept on the intent, for the order exactly as priced here.
  const opened =
    s.prepared &&
    preparedDetails(
      s.prepared,
      { ...asked, methodType: method.type },
      order.intent ? paymentIntentJson.payment_details.read(order.intent.payment_details) : {},
    );
  // A rail that tells payments apart by where they arrive gives this one its place (a Bitcoin address).
  const { adapter, method: read } = deps.methods.read(method);
  const assigned = await adapter.assign?.(trx, read, {
    key: order.session.id,
    amount: priced.total,
    livemode,
    expiresAt: Number(order.session.expires_at),
  });
  const current = order.intent ? paymentIntentJson.payment_details.read(order.intent.payment_details) : {};
  const paymentDetails = assigned ? { ...current, [method.type]: assigned } : opened?.paymentDetails;
  const terms = { ...asked, customerId: customer.id, paymentDetails };
  const intent = order.intent
    ? await reaimPaymentIntent(deps, trx, order.intent.id, terms)
    : await createPaymentIntent(deps, trx, { ...terms, livemode, sessionId: order.session.id, description });
  const invoiceId = order.session.invoice_id;
  if (invoiceId)
    await reaimInvoice(deps, trx, invoiceId, {
      total: priced.total,
      lines: priced.lines,
      currencyId: currency.id,
      customerId: customer.id,
      buyer: {
        name: s.details?.name ?? null,
        email: s.details?.email ?? null,
        phone: s.details?.phone ?? null,
        address: s.details?.address ?? null,
      },
    });
  return { intent, invoiceId, context: opened?.context ?? null, assigned };
}

/**
 * Stock: what is sold, what other submitted orders hold, and this order must fit together. The prices
 * stay locked until this transaction ends, when this session's hold is recorded too. Only prices with
 * limited stock are locked and counted: an unlimited one never makes submits wait.
 */
async function holdStock(
  deps: Deps,
  trx: Executor,
  sessionId: string,
  lines: StoredLine[],
  priced: PricedLines,
): Promise<void> {
  const limited = lines.map((l) => l.price_id).filter((id) => priced.prices.get(id)!.quantity_available > 0);
  const stocked = await lockStock(deps, trx, limited, priced.prices);
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
  if (stock.length)
    throw new KioskError(
      stock[0]!.message === 'Exceed inventory' ? 'EXCEED_INVENTORY' : 'EXCEED_PURCHASE_LIMIT',
      { details: stock },
    );
}

/**
 * What the chosen method's rail is asked before the transaction, which decides the rest: for a
 * mandate (a subscription or setup session), what the buyer's wallet already allows, or the mandate a
 * card's rail opens (prepare-payment.ts); for a one-time
 * order on a rail that opens payments (cards), its payment (prepare-payment.ts). The active methods
 * are read here once, for the choice, the transaction and the answer: a method a merchant edits
 * meanwhile races the submit either way.
 */
async function askRail(
  deps: Deps,
  sessionId: string,
  buyer: Buyer,
  input: SubmitInput,
  kind: 'order' | 'donation',
) {
  const session = await findSessionRow(deps.db, sessionId);
  if (!session || (session.customer_did !== null && session.customer_did !== buyer.did)) return undefined;
  if (kind === 'donation') refuseUnlessDonation(session);
  const methods = await listPaymentMethods(deps.db, flag(session.livemode), { activeOnly: true });
  const method = methods.find((m) => m.id === input.payment_method);
  const currency = method?.payment_currencies.find((c) => c.id === input.payment_currency);
  if (!method || !currency) return { methods };
  const customer = { did: buyer.did, email: input.customer_email ?? null, name: input.customer_name ?? null };
  if (session.mode !== 'payment')
    return {
      methods,
      payer: await readPayerOn(deps, { method, currency }, buyer.did),
      preparedMandate: await prepareOrderMandate(deps, session, { method, currency }, customer),
    };
  return {
    methods,
    prepared: await prepareOrderPayment(deps, session, { method, currency }, methods, customer),
  };
}

/** The buyer's details as the session keeps them. */
const customerDetailsOf = (details: CleanDetails | null) =>
  checkoutSessionJson.customer_details.write(
    details
      ? { name: details.name, email: details.email, phone: details.phone, address: details.address }
      : {},
  );
