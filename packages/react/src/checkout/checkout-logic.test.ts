import { describe, expect, it } from 'vitest';
import { ApiError } from '@kiosk/sdk';
import { createKioskI18n } from '../i18n/both-languages.ts';
import type { ExpandedPrice, PaymentInstructions, Recurring } from '@kiosk/contracts';
import {
  ETH,
  KDT,
  checkoutSession,
  envelope,
  line,
  paymentMethod,
  price,
} from '../test-support/checkout-fixtures.ts';
import { initialCurrency } from './currency-preference.ts';
import { checkoutErrorText } from './error-text.ts';
import { orderIn, payableCurrencies } from './order-view.ts';
import { checkoutPageState } from './page-state.ts';
import { initialPayState, isLocked, payReducer, type PayState } from './pay-flow.ts';

const en = createKioskI18n('en').t;
const zh = createKioskI18n('zh').t;

describe('checkoutErrorText', () => {
  it('joins a list of errors with new lines, before anything else the answer carries', () => {
    const error = new ApiError(
      400,
      'VALIDATION_FAILED',
      'Bad request',
      [{ path: 'body.customer_email', message: 'Invalid email' }],
      { error: 'Bad request', errors: ['Name is required', { message: 'Email is taken' }] },
    );
    expect(checkoutErrorText(error, en)).toBe('Name is required\nEmail is taken');
    expect(checkoutErrorText({ errors: ['One', 'Two'] }, en)).toBe('One\nTwo');
  });

  it('shows validation details as "Validate failed" and path: message lines without the body. prefix', () => {
    const error = new ApiError(
      400,
      'VALIDATION_FAILED',
      'Request validation failed',
      [
        { path: 'body.customer_email', message: 'Invalid email' },
        { path: 'body.billing_address.postal_code', message: 'Invalid postal code' },
        { path: 'query.livemode', message: 'Expected boolean' },
      ],
      { code: 'VALIDATION_FAILED', error: 'Request validation failed' },
    );
    expect(checkoutErrorText(error, en)).toBe(
      'Validate failed\ncustomer_email: Invalid email\nbilling_address.postal_code: Invalid postal code\nquery.livemode: Expected boolean',
    );
    expect(checkoutErrorText(error, zh).split('\n')[0]).toBe('验证失败');
  });

  it("shows the answer's error field in place of the HTTP message", () => {
    const error = new ApiError(404, 'CHECKOUT_SESSION_NOT_FOUND', 'Not Found', [], {
      code: 'CHECKOUT_SESSION_NOT_FOUND',
      error: 'No such checkout session',
    });
    expect(checkoutErrorText(error, en)).toBe('No such checkout session');
  });

  it('shows the message followed by the body when the answer has no error shape', () => {
    expect(checkoutErrorText(new ApiError(502, 'HTTP_502', 'Bad Gateway', [], 'upstream down'), en)).toBe(
      'Bad Gateway upstream down',
    );
    expect(checkoutErrorText(new ApiError(500, 'HTTP_500', 'Internal', [], { trace: 'x' }), en)).toBe(
      'Internal {"trace":"x"}',
    );
    expect(checkoutErrorText(new ApiError(503, 'HTTP_503', 'Service Unavailable'), en)).toBe(
      'Service Unavailable',
    );
    expect(checkoutErrorText(new Error('Failed to fetch'), en)).toBe('Failed to fetch');
  });

  it('falls back to "Unknown error" in the buyer\'s language', () => {
    expect(checkoutErrorText(undefined, en)).toBe('Unknown error');
    expect(checkoutErrorText({}, en)).toBe('Unknown error');
    expect(checkoutErrorText(new Error(''), en)).toBe('Unknown error');
    expect(checkoutErrorText({ errors: [] }, en)).toBe('Unknown error');
    expect(checkoutErrorText(null, zh)).toBe('未知错误');
  });
});

describe('checkoutPageState', () => {
  const now = 1_800_000_000;

  it('shows a paid session as completed even after it expired', () => {
    for (const payment_status of ['paid', 'no_payment_required'] as const) {
      const paid = envelope({ payment_status, expires_at: now - 60 });
      expect(checkoutPageState({ envelope: paid, error: undefined, now })).toBe('completed');
    }
    const complete = envelope({ status: 'complete', expires_at: now - 60 });
    expect(checkoutPageState({ envelope: complete, error: undefined, now })).toBe('completed');
  });

  it('treats a session whose expires_at equals now as expired, and one a second later as open', () => {
    expect(checkoutPageState({ envelope: envelope({ expires_at: now }), error: undefined, now })).toBe(
      'expired',
    );
    expect(checkoutPageState({ envelope: envelope({ expires_at: now + 1 }), error: undefined, now })).toBe(
      'form',
    );
    expect(
      checkoutPageState({
        envelope: envelope({ status: 'expired', expires_at: now + 600 }),
        error: undefined,
        now,
      }),
    ).toBe('expired');
  });

  it('shows an open session without items as empty, unless it expired', () => {
    const empty = envelope({ line_items: [], expires_at: now + 600 });
    expect(checkoutPageState({ envelope: empty, error: undefined, now })).toBe('empty');
    const emptyExpired = envelope({ line_items: [], expires_at: now - 1 });
    expect(checkoutPageState({ envelope: emptyExpired, error: undefined, now })).toBe('expired');
  });

  it('is loading until an answer or an error arrives, and keeps a known session over a later error', () => {
    expect(checkoutPageState({ envelope: undefined, error: undefined, now })).toBe('loading');
    expect(checkoutPageState({ envelope: undefined, error: new Error('offline'), now })).toBe('error');
    const open = envelope({ expires_at: now + 600 });
    expect(checkoutPageState({ envelope: open, error: new Error('refetch failed'), now })).toBe('form');
  });
});

describe('payReducer', () => {
  const instructions: PaymentInstructions = {
    type: 'evm_transfer',
    chain_id: 31337,
    to: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
    token: null,
    amount: '25000000',
    currency_id: KDT,
    decimal: 6,
    symbol: 'KDT',
  };
  const submitting: PayState = { step: 'submitting' };
  const wallet: PayState = { step: 'wallet', instructions };
  const paying: PayState = { step: 'paying', instructions, since: 1_000 };
  const timeout: PayState = { step: 'timeout', instructions };
  const failed: PayState = { step: 'failed', message: 'The transfer was refused' };

  it('walks idle → submitting → wallet → paying → timeout → paying', () => {
    let state = payReducer(initialPayState, { type: 'submit' });
    expect(state).toEqual({ step: 'submitting' });
    state = payReducer(state, { type: 'submitted', instructions });
    expect(state).toEqual({ step: 'wallet', instructions });
    state = payReducer(state, { type: 'sent', now: 5_000 });
    expect(state).toEqual({ step: 'paying', instructions, since: 5_000 });
    state = payReducer(state, { type: 'timedOut' });
    expect(state).toEqual({ step: 'timeout', instructions });
    state = payReducer(state, { type: 'checkAgain', now: 9_000 });
    expect(state).toEqual({ step: 'paying', instructions, since: 9_000 });
  });

  it('returns to idle when the submit fails or the wallet is closed before sending', () => {
    expect(payReducer(submitting, { type: 'submitFailed' })).toEqual({ step: 'idle' });
    expect(payReducer(wallet, { type: 'dialogClosed' })).toEqual({ step: 'idle' });
  });

  it('lets a refused payment be submitted again', () => {
    expect(payReducer(paying, { type: 'refused', message: 'Wrong payer' })).toEqual({
      step: 'failed',
      message: 'Wrong payer',
    });
    expect(payReducer(failed, { type: 'submit' })).toEqual({ step: 'submitting' });
  });

  it('ignores a second submit while one is on its way', () => {
    for (const state of [submitting, wallet, paying, timeout]) {
      expect(payReducer(state, { type: 'submit' })).toBe(state);
    }
  });

  it('ignores a late "sent" after the wallet was closed, and a late answer to a submit', () => {
    const idle = payReducer(wallet, { type: 'dialogClosed' });
    expect(payReducer(idle, { type: 'sent', now: 1 })).toBe(idle);
    expect(payReducer(initialPayState, { type: 'submitted', instructions })).toBe(initialPayState);
    expect(payReducer(wallet, { type: 'submitFailed' })).toBe(wallet);
    expect(payReducer(paying, { type: 'sent', now: 99_000 })).toBe(paying);
  });

  it('closing the dialog once the transfer is sent does not stop the wait', () => {
    expect(payReducer(paying, { type: 'dialogClosed' })).toBe(paying);
  });

  it('takes a refusal only while paying', () => {
    for (const state of [initialPayState, submitting, wallet, timeout, failed]) {
      expect(payReducer(state, { type: 'refused', message: 'late' })).toBe(state);
    }
  });

  it('times out only while paying and checks again only after a timeout', () => {
    for (const state of [initialPayState, submitting, wallet, timeout, failed]) {
      expect(payReducer(state, { type: 'timedOut' })).toBe(state);
    }
    for (const state of [initialPayState, submitting, wallet, paying, failed]) {
      expect(payReducer(state, { type: 'checkAgain', now: 7 })).toBe(state);
    }
  });

  it('locks the order from submit until the payment is refused', () => {
    expect([initialPayState, submitting, wallet, paying, timeout, failed].map(isLocked)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});

const monthly: Recurring = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  proration_mode: 'prorate',
};
const yearly: Recurring = {
  interval: 'year',
  interval_count: 1,
  usage_type: 'licensed',
  proration_mode: 'prorate',
};

function plan(id: string, unitAmount: string, recurring: Recurring, ethAmount: string): ExpandedPrice {
  return price({
    id,
    name: 'Pro',
    type: 'recurring',
    unit_amount: unitAmount,
    recurring,
    currency_options: [{ currency_id: ETH, unit_amount: ethAmount, custom_unit_amount: null, tiers: null }],
  });
}

describe('orderIn', () => {
  it('prices every line in the chosen currency from its currency_options', () => {
    const poster = price({ unit_amount: '25000000' }); // 25 KDT or 0.01 ETH
    const mug = price({
      unit_amount: '5000000',
      currency_options: [
        { currency_id: ETH, unit_amount: '2000000000000000', custom_unit_amount: null, tiers: null },
      ],
    });
    const session = checkoutSession({ line_items: [line(poster, { quantity: 2 }), line(mug)] });

    const inKdt = orderIn(session, KDT);
    expect(inKdt.lines.map((view) => view.amount)).toEqual([50_000_000n, 5_000_000n]);
    expect(inKdt.total).toBe(55_000_000n);
    const inEth = orderIn(session, ETH);
    expect(inEth.lines.map((view) => [view.unitAmount, view.amount])).toEqual([
      [10_000_000_000_000_000n, 20_000_000_000_000_000n],
      [2_000_000_000_000_000n, 2_000_000_000_000_000n],
    ]);
    expect(inEth.total).toBe(22_000_000_000_000_000n);
  });

  it('starts a custom amount at the preset, else at the middle preset, and keeps a chosen amount', () => {
    const custom = (preset?: string) =>
      price({
        unit_amount: '0',
        currency_options: [],
        custom_unit_amount: {
          preset,
          presets: ['1000000', '5000000', '9000000'],
          minimum: '1000000',
          custom: true,
        },
      });
    const withPreset = custom('9000000');
    expect(orderIn(checkoutSession({ line_items: [line(withPreset)] }), KDT).total).toBe(9_000_000n);
    const middle = orderIn(checkoutSession({ line_items: [line(custom())] }), KDT);
    expect(middle.total).toBe(5_000_000n);
    expect(middle.lines[0]!.unitAmount).toBe(5_000_000n);
    expect(middle.lines[0]!.custom?.presets).toHaveLength(3);
    const chosen = line(custom('9000000'), { custom_amount: '3000000' });
    expect(orderIn(checkoutSession({ line_items: [chosen] }), KDT).total).toBe(3_000_000n);
  });

  it('flags a line over the stock or over the per-checkout limit and makes the order unpayable', () => {
    const stocked = price({ quantity_available: 5, quantity_sold: 4 });
    const limited = price({ quantity_limit_per_checkout: 2 });

    const overStock = orderIn(checkoutSession({ line_items: [line(stocked, { quantity: 2 })] }), KDT);
    expect(overStock.lines[0]!.problem).toBe('exceed_inventory');
    expect(overStock.payable).toBe(false);
    const overLimit = orderIn(checkoutSession({ line_items: [line(limited, { quantity: 3 })] }), KDT);
    expect(overLimit.lines[0]!.problem).toBe('exceed_purchase_limit');
    expect(overLimit.payable).toBe(false);

    const atTheEdge = orderIn(
      checkoutSession({ line_items: [line(stocked, { quantity: 1 }), line(limited, { quantity: 2 })] }),
      KDT,
    );
    expect(atTheEdge.lines.map((view) => view.problem)).toEqual([undefined, undefined]);
    expect(atTheEdge.payable).toBe(true);
  });

  it('offers the upsell with its saving against the base price repeated over a year', () => {
    // 10 KDT a month against 100 KDT a year: 120 − 100 = 20, 17% of 120.
    const month = plan('price_month', '10000000', monthly, '5000000000000000');
    const year = plan('price_year', '100000000', yearly, '30000000000000000');

    const offered = orderIn(checkoutSession({ line_items: [line(month, { upsell_price: year })] }), KDT);
    expect(offered.lines[0]!.upsell).toEqual({ price: year, upsold: false, savingPercent: 17 });
    expect(offered.total).toBe(10_000_000n);

    const upsold = orderIn(
      checkoutSession({
        line_items: [line(year, { upsell_price: month, upsell_price_id: month.id })],
      }),
      KDT,
    );
    expect(upsold.lines[0]!.upsell).toEqual({ price: month, upsold: true, savingPercent: 17 });
    expect(upsold.total).toBe(100_000_000n);

    // The saving is counted in the chosen currency: in ETH the year costs half of twelve months.
    const inEth = orderIn(checkoutSession({ line_items: [line(month, { upsell_price: year })] }), ETH);
    expect(inEth.lines[0]!.upsell?.savingPercent).toBe(50);
    // A year at exactly twelve months saves nothing, so no saving is shown.
    const fullYear = plan('price_full_year', '120000000', yearly, '60000000000000000');
    const noSaving = orderIn(checkoutSession({ line_items: [line(month, { upsell_price: fullYear })] }), KDT);
    expect(noSaving.lines[0]!.upsell).toEqual({ price: fullYear, upsold: false, savingPercent: undefined });
    expect(orderIn(checkoutSession({ line_items: [line(month)] }), KDT).lines[0]!.upsell).toBeUndefined();
  });
});

describe('payableCurrencies', () => {
  const ids = (choices: ReturnType<typeof payableCurrencies>) => choices.map((choice) => choice.currency.id);

  it('offers only the currencies every line can be paid in', () => {
    const both = price();
    const kdtOnly = price({ currency_options: [] });
    expect(ids(payableCurrencies([paymentMethod()], checkoutSession({ line_items: [line(both)] })))).toEqual([
      KDT,
      ETH,
    ]);
    expect(
      ids(payableCurrencies([paymentMethod()], checkoutSession({ line_items: [line(both), line(kdtOnly)] }))),
    ).toEqual([KDT]);
  });

  it("keeps a session with a custom-amount line in the session's own currency", () => {
    const tip = price({
      unit_amount: '0',
      custom_unit_amount: { presets: ['1000000'], custom: true },
      currency_options: [
        {
          currency_id: ETH,
          unit_amount: '0',
          custom_unit_amount: { presets: ['1'], custom: true },
          tiers: null,
        },
      ],
    });
    const session = checkoutSession({ line_items: [line(tip), line(price())] });
    expect(ids(payableCurrencies([paymentMethod()], session))).toEqual([KDT]);
    expect(ids(payableCurrencies([paymentMethod()], { ...session, currency_id: ETH }))).toEqual([ETH]);
  });

  it('leaves out inactive payment methods and inactive currencies', () => {
    const session = checkoutSession({ line_items: [line(price())] });
    expect(payableCurrencies([paymentMethod({ active: false })], session)).toEqual([]);
    const method = paymentMethod();
    method.payment_currencies[0]!.active = false;
    expect(ids(payableCurrencies([method], session))).toEqual([ETH]);
  });
});

describe('initialCurrency', () => {
  const offered = [KDT, ETH, 'pc_usdc'];

  it('prefers the currencyId parameter, then the stored preference, then the session currency, then the first', () => {
    expect(initialCurrency(offered, ['pc_usdc', ETH, KDT])).toBe('pc_usdc');
    expect(initialCurrency(offered, ['pc_unknown', ETH, KDT])).toBe(ETH);
    expect(initialCurrency(offered, [undefined, undefined, 'pc_usdc'])).toBe('pc_usdc');
    expect(initialCurrency(offered, [undefined, 'pc_gone', ETH])).toBe(ETH);
    expect(initialCurrency(offered, [undefined, undefined, 'pc_unknown'])).toBe(KDT);
    expect(initialCurrency([], [KDT, ETH, KDT])).toBeUndefined();
  });
});
