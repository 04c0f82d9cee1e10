import type { Invoice } from '@kiosk/contracts';
import { TestClock } from '@kiosk/platform';
import type { StripeEmulator } from '@kiosk/stripe-emulator';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  MONTHLY,
  signedIn,
  startCardPlan,
  testEngines,
  until,
  type CardPlan,
  type TestServer,
} from '@kiosk/testkit';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DAY = 86_400;

/**
 * Issue 22 item 3: subscriptions by card, through the real Stripe SDK against the local Stripe
 * emulator, on both engines. The customer saves their card once (a SetupIntent, 3-D Secure when the
 * bank asks); the billing engine then charges it off session each cycle through the same collection
 * path as a wallet's mandate: the same retries, the same past_due, one charge per invoice.
 */
describe.each(await testEngines())('card subscriptions on %s', (engine) => {
  let plan: CardPlan;
  let clock: TestClock;
  let emulator: StripeEmulator;
  let server: TestServer;
  let merchant: CardPlan['merchant'];
  let stripe: Stripe;
  let methodId: string;
  let usd: string;
  let priceId: string;

  beforeAll(async () => {
    clock = new TestClock(Date.UTC(2026, 0, 5));
    plan = await startCardPlan(engine, clock, 'Card plan');
    ({ emulator, server, merchant, stripe, methodId, usd, priceId } = plan);
  });
  afterAll(() => plan?.close());

  /** A new customer submits a subscription checkout by card: the SetupIntent they confirm. */
  async function submitted(subscriptionData: Record<string, unknown> = {}) {
    const client = await signedIn(server, TestWallet.random());
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }], subscription_data: subscriptionData },
      })
    ).body;
    const sessionId = (await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id as string;
    const submit = () =>
      client.request(`/api/checkout-sessions/${sessionId}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Ada',
          customer_email: 'ada@example.com',
          payment_method: methodId,
          payment_currency: usd,
        },
      });
    const answer = await submit();
    expect(answer.status).toBe(200);
    const subscriptionId = answer.body.checkoutSession.subscription_id as string;
    const secret = answer.body.stripeContext.client_secret as string;
    return {
      client,
      sessionId,
      subscriptionId,
      answer: answer.body,
      submit,
      setupIntentId: secret.slice(0, secret.indexOf('_secret_')),
      secret,
      mandate: () => client.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' }),
      subscription: () => merchant.test(`/api/subscriptions/${subscriptionId}`).then((r) => r.body),
      invoices: async (): Promise<Invoice[]> =>
        (await merchant.test(`/api/invoices?subscription_id=${subscriptionId}&pageSize=100`)).body.list,
    };
  }

  /** The customer passes the bank's 3-D Secure check of an intent (what the challenge's button sends). */
  async function challenge(intentId: string, secret: string) {
    const answer = await fetch(`${emulator.url}/_emulator/3ds/${intentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: secret, result: 'complete' }).toString(),
    });
    expect(answer.ok).toBe(true);
  }

  /** The customer's page confirms the SetupIntent with `card` (and passes 3-D Secure when asked). */
  async function saveCard(setupIntentId: string, secret: string, card: string) {
    const confirmed = await stripe.setupIntents.confirm(setupIntentId, { payment_method: card });
    if (confirmed.status === 'requires_action') await challenge(setupIntentId, secret);
    expect((await stripe.setupIntents.retrieve(setupIntentId)).status).toBe('succeeded');
  }

  /** The server's clock moves to just past the subscription's period end: the renewal falls due. */
  async function renew(subscription: { current_period_end: number }) {
    clock.advance({ seconds: subscription.current_period_end - clock.nowUnix() + 1 });
  }

  const offSessionCharges = (invoiceId: string) =>
    emulator
      .events()
      .filter((e) => e.type === 'payment_intent.created')
      .map((e) => e.data.object as Stripe.PaymentIntent)
      .filter((pi) => pi.metadata.kiosk_invoice === invoiceId);

  it('saves the card with 3-D Secure during a trial, then charges it off session for 12 cycles, once each', async () => {
    const customer = await submitted({ trial_period_days: 7 });
    expect(customer.answer.paymentInstructions).toBeNull();
    expect(customer.answer.stripeContext).toMatchObject({ intent_type: 'setup_intent' });
    expect(customer.answer.mandateInstructions).toMatchObject({
      type: 'card_mandate',
      max_per_cycle: MONTHLY.toString(),
      interval: 'month',
      interval_count: 1,
      currency_id: usd,
      symbol: 'USD',
    });
    // A second submit (another tab, a double click) brings back the same SetupIntent.
    const again = await customer.submit();
    expect(again.body.stripeContext.client_secret).toBe(customer.secret);

    // Nothing saved yet: the server reads Stripe, not the page.
    const early = await customer.mandate();
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MANDATE_PENDING');

    // 3155 asks for 3-D Secure once, when saved; off-session charges then need no customer.
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_authenticationRequiredOnSetup');
    expect((await customer.mandate()).status).toBe(202);
    expect(await customer.subscription()).toMatchObject({ status: 'trialing' });
    const session = (
      await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${customer.sessionId}`)
    ).body.checkoutSession;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });

    for (let cycle = 1; cycle <= 12; cycle++) {
      await renew(await customer.subscription());
      const invoices = await until(
        customer.invoices,
        (list) =>
          list.filter((i) => i.billing_reason === 'subscription_cycle' && i.status === 'paid').length ===
          cycle,
      );
      const paid = invoices.find((i) => i.billing_reason === 'subscription_cycle' && i.status !== 'paid');
      expect(paid).toBeUndefined();
    }
    const saved = await stripe.setupIntents.retrieve(customer.setupIntentId);
    const cycles = (await customer.invoices()).filter((i) => i.billing_reason === 'subscription_cycle');
    expect(cycles).toHaveLength(12);
    for (const invoice of cycles) {
      expect(invoice).toMatchObject({ amount_paid: MONTHLY.toString(), amount_remaining: '0' });
      // One PaymentIntent per invoice at Stripe, charged to the saved card.
      const charges = offSessionCharges(invoice.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({
        amount: Number(MONTHLY),
        currency: 'usd',
        customer: saved.customer,
        payment_method: saved.payment_method,
      });
    }
    expect(await customer.subscription()).toMatchObject({ status: 'active' });
  });

  it('50 submits at once of one subscription checkout open one SetupIntent at Stripe', async () => {
    const customer = await submitted({ trial_period_days: 7 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => customer.submit()));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.stripeContext.client_secret))).toEqual(
      new Set([customer.secret]),
    );
    const opened = emulator
      .events()
      .filter((e) => e.type === 'setup_intent.created')
      .map((e) => e.data.object as Stripe.SetupIntent)
      .filter((intent) => intent.metadata?.kiosk_mandate === customer.sessionId);
    expect(opened).toHaveLength(1);
  });

  it('a subscriber who leaves the page once the card is saved still subscribes: the signed webhook confirms it', async () => {
    const customer = await submitted({ trial_period_days: 7 });
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_visa');
    // No POST …/mandate from the page: Stripe's setup_intent.succeeded alone starts the trial.
    expect(await until(customer.subscription, (s) => s.status === 'trialing')).toBeTruthy();
    const session = (
      await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${customer.sessionId}`)
    ).body.checkoutSession;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    // The page coming back afterwards changes nothing.
    expect((await customer.mandate()).status).toBe(202);
    expect(await customer.invoices()).toHaveLength(1);
  });

  it('without a trial, charges the first period at once and completes the checkout when it is paid', async () => {
    const customer = await submitted();
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_visa');
    // Sent twice at once (a double click, a retry): one subscription start, one charge.
    const [first, second] = await Promise.all([customer.mandate(), customer.mandate()]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const view = () =>
      cookieClient(server.url)
        .request(`/api/checkout-sessions/retrieve/${customer.sessionId}`)
        .then((r) => r.body.checkoutSession);
    expect(await until(view, (s) => s.status === 'complete')).toMatchObject({ payment_status: 'paid' });
    const [invoice] = await customer.invoices();
    expect(invoice).toMatchObject({ billing_reason: 'subscription_create', status: 'paid' });
    expect(offSessionCharges(invoice!.id)).toHaveLength(1);
    expect(await customer.subscription()).toMatchObject({ status: 'active' });
  });

  it('moves a card subscription to a dearer plan: the difference is charged to the saved card at once, then the plan changes', async () => {
    const customer = await submitted();
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_visa');
    await customer.mandate();
    const active = await until(customer.subscription, (s) => s.status === 'active');
    const productId = (await merchant.test(`/api/prices/${priceId}`)).body.product_id;
    const dearer = await merchant.test('/api/prices', {
      method: 'POST',
      body: {
        product_id: productId,
        type: 'recurring',
        currency_id: usd,
        unit_amount: (MONTHLY * 2n).toString(),
        recurring: { interval: 'month', proration_mode: 'difference' },
      },
    });
    const change = (price: string) =>
      customer.client.request(`/api/subscriptions/${customer.subscriptionId}?livemode=false`, {
        method: 'PUT',
        body: { items: [{ price_id: price }] },
      });
    // The customer's own change is their consent: no new authorisation is asked of a saved card.
    const changed = await change(dearer.body.id);
    expect(changed.status).toBe(200);
    expect(changed.body.invoice).toMatchObject({ billing_reason: 'subscription_update', amount_due: '1000' });
    const invoiceId = changed.body.invoice.id as string;
    const paid = await until(customer.invoices, (list) =>
      list.some((i) => i.id === invoiceId && i.status === 'paid'),
    );
    expect(paid.filter((i) => i.billing_reason === 'subscription_update')).toHaveLength(1);
    expect(offSessionCharges(invoiceId)).toHaveLength(1);
    const moved = await until(customer.subscription, (s) => s.items[0].price.id === dearer.body.id);
    expect(moved).toMatchObject({ status: 'active', current_period_end: active.current_period_end });
    // The next cycle charges the new plan's price.
    await renew(moved);
    const renewed = await until(customer.invoices, (list) =>
      list.some((i) => i.billing_reason === 'subscription_cycle' && i.status === 'paid'),
    );
    expect(renewed.find((i) => i.billing_reason === 'subscription_cycle')).toMatchObject({
      amount_paid: '2000',
    });
  });

  it('a declined charge for a dearer plan leaves the plan as it was and the subscription active', async () => {
    const customer = await submitted();
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_visa');
    await customer.mandate();
    await until(customer.subscription, (s) => s.status === 'active');
    // The customer saves another card for it (the portal's setup page): 0341 saves, and every charge
    // of it is declined.
    const setup = (
      await customer.client.request(
        `/api/subscriptions/${customer.subscriptionId}/setup-session?livemode=false`,
        {
          method: 'POST',
        },
      )
    ).body.id as string;
    const answer = await customer.client.request(`/api/checkout-sessions/${setup}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: usd,
      },
    });
    const secret = answer.body.stripeContext.client_secret as string;
    await saveCard(secret.slice(0, secret.indexOf('_secret_')), secret, 'pm_card_chargeCustomerFail');
    await customer.client.request(`/api/checkout-sessions/${setup}/mandate`, { method: 'POST' });
    const setupView = () =>
      cookieClient(server.url)
        .request(`/api/checkout-sessions/retrieve/${setup}`)
        .then((r) => r.body.checkoutSession);
    await until(setupView, (s) => s.status === 'complete');

    const productId = (await merchant.test(`/api/prices/${priceId}`)).body.product_id;
    const dearer = await merchant.test('/api/prices', {
      method: 'POST',
      body: {
        product_id: productId,
        type: 'recurring',
        currency_id: usd,
        unit_amount: '3000',
        recurring: { interval: 'month' },
      },
    });
    const changed = await customer.client.request(
      `/api/subscriptions/${customer.subscriptionId}?livemode=false`,
      {
        method: 'PUT',
        body: { items: [{ price_id: dearer.body.id }] },
      },
    );
    const invoiceId = changed.body.invoice.id as string;
    // Retried as any charge, and never making the subscription past due: the change lapses at the period's end.
    for (const delay of [0, 1, 3, 5]) {
      clock.advance({ seconds: delay * DAY });
      await until(customer.invoices, (list) =>
        list.some((i) => i.id === invoiceId && i.attempt_count > [0, 1, 3, 5].indexOf(delay)),
      );
    }
    expect(offSessionCharges(invoiceId)).toHaveLength(4);
    // Owed by nobody: voided, not uncollectible, so the customer is not overdue for a plan they lack.
    expect((await customer.invoices()).find((i) => i.id === invoiceId)).toMatchObject({
      status: 'void',
      attempt_count: 4,
    });
    expect(await customer.subscription()).toMatchObject({
      status: 'active',
      pending_update: null,
      items: [{ price: { id: priceId } }],
    });
  });

  it("keeps on each invoice the customer's details as they were when it was made", async () => {
    const customer = await submitted();
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_visa');
    await customer.mandate();
    const subscription = await until(customer.subscription, (s) => s.status === 'active');
    // The same customer buys again under other details: their record changes, earlier invoices do not.
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }] },
      })
    ).body;
    const again = (
      await customer.client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })
    ).body.checkoutSession.id as string;
    const resubmitted = await customer.client.request(`/api/checkout-sessions/${again}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada King',
        customer_email: 'ada.king@example.com',
        payment_method: methodId,
        payment_currency: usd,
      },
    });
    expect(resubmitted.status).toBe(200);
    await renew(subscription);
    const invoices = await until(customer.invoices, (list) =>
      list.some((i) => i.billing_reason === 'subscription_cycle'),
    );
    const byReason = (reason: string) => invoices.find((i) => i.billing_reason === reason);
    expect(byReason('subscription_create')).toMatchObject({
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
    });
    expect(byReason('subscription_cycle')).toMatchObject({
      customer_name: 'Ada King',
      customer_email: 'ada.king@example.com',
    });
  });

  it('retries a declined card after 1, 3 and 5 days, then makes the invoice uncollectible and the subscription past due', async () => {
    const customer = await submitted({ trial_period_days: 3 });
    // 0341 saves, and every charge of it is declined.
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_chargeCustomerFail');
    expect((await customer.mandate()).status).toBe(202);
    await renew(await customer.subscription());
    const cycleOf = (list: Invoice[]) => list.find((i) => i.billing_reason === 'subscription_cycle');
    let failing = await until(customer.invoices, (list) => (cycleOf(list)?.attempt_count ?? 0) === 1);
    expect(cycleOf(failing)).toMatchObject({ status: 'open', last_payment_error: { code: 'CARD_DECLINED' } });
    for (const [attempt, days] of [
      [2, 1],
      [3, 3],
      [4, 5],
    ] as const) {
      clock.advance({ seconds: days * DAY });
      failing = await until(customer.invoices, (list) => (cycleOf(list)?.attempt_count ?? 0) === attempt);
    }
    expect(cycleOf(failing)).toMatchObject({ status: 'uncollectible', amount_paid: '0' });
    expect(await customer.subscription()).toMatchObject({ status: 'past_due' });
    // Each attempt was a charge of its own at Stripe, and none was made twice.
    expect(offSessionCharges(cycleOf(failing)!.id)).toHaveLength(4);
  });

  it('a renewal the bank wants the customer to authenticate is not retried: past due, it is paid by card on session and the subscription runs again', async () => {
    const customer = await submitted({ trial_period_days: 3 });
    // 3184 asks for 3-D Secure on every charge, off session included.
    await saveCard(customer.setupIntentId, customer.secret, 'pm_card_authenticationRequired');
    expect((await customer.mandate()).status).toBe(202);
    await renew(await customer.subscription());
    const cycleOf = (list: Invoice[]) => list.find((i) => i.billing_reason === 'subscription_cycle');
    const failed = await until(customer.invoices, (list) => (cycleOf(list)?.attempt_count ?? 0) === 1);
    expect(cycleOf(failed)).toMatchObject({
      last_payment_error: { code: 'CARD_AUTHENTICATION_REQUIRED' },
      next_payment_attempt: null,
    });
    expect(await until(customer.subscription, (s) => s.status === 'past_due')).toBeTruthy();
    expect(offSessionCharges(cycleOf(failed)!.id)).toHaveLength(1);

    // The customer pays it by card on session, passing the bank's check, and the subscription runs again.
    const pay = () =>
      customer.client.request('/api/invoices/overdue/pay?livemode=false', {
        method: 'POST',
        body: { currency_id: usd, subscription_id: customer.subscriptionId },
      });
    const asked = await pay();
    expect(asked.status).toBe(200);
    expect(asked.body.paymentInstructions).toMatchObject({ type: 'card', amount: MONTHLY.toString() });
    expect(asked.body.stripeContext).toMatchObject({ intent_type: 'payment_intent' });
    const secret = asked.body.stripeContext.client_secret as string;
    // Asked again (a second tab): the same PaymentIntent.
    expect((await pay()).body.stripeContext.client_secret).toBe(secret);
    const pi = secret.slice(0, secret.indexOf('_secret_'));
    expect(
      await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_authenticationRequired' }),
    ).toMatchObject({ status: 'requires_action' });
    await challenge(pi, secret);
    const named = await customer.client.request(
      `/api/payment-intents/${asked.body.paymentIntent.id}/pay?livemode=false`,
      {
        method: 'POST',
        body: { tx_hash: pi },
      },
    );
    expect(named.status).toBe(202);
    expect(await until(customer.subscription, (s) => s.status === 'active')).toBeTruthy();
    expect(cycleOf(await customer.invoices())).toMatchObject({
      status: 'paid',
      amount_paid: MONTHLY.toString(),
    });
  });
});
