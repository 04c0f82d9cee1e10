import { describe, expect, it } from 'vitest';
import type { MandateInstructions, PaymentInstructions } from '@kiosk/contracts';
import {
  initialPayState,
  isLocked,
  payReducer,
  type CardContext,
  type CardInstructions,
  type PayEvent,
  type PayState,
} from './pay-flow.ts';

const transfer: PaymentInstructions = {
  type: 'evm_transfer',
  chain_id: 31337,
  to: '0x8888888888888888888888888888888888888888',
  token: null,
  amount: '1',
  currency_id: 'pc_eth',
  decimal: 18,
  symbol: 'ETH',
};

const mandate: MandateInstructions = {
  type: 'evm_mandate',
  chain_id: 31337,
  contract: '0x9999999999999999999999999999999999999999',
  mandate_id: `0x${'ab'.repeat(32)}`,
  token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  receiver: '0x8888888888888888888888888888888888888888',
  max_per_cycle: '10000000',
  cycle_seconds: 28 * 86_400,
  starts_at: 1_000,
  expires_at: 2_000,
  allowance: '120000000',
  cycles: 12,
  interval: 'month',
  interval_count: 1,
  calls: [{ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0x095ea7b3' }],
  currency_id: 'pc_kdt',
  decimal: 6,
  symbol: 'KDT',
};

const card: CardInstructions = {
  type: 'card',
  amount: '2500',
  currency_id: 'pc_usd',
  decimal: 2,
  symbol: 'USD',
};

const cardContext = (status: string): CardContext => ({
  client_secret: 'pi_3Stripe_secret_abc',
  intent_type: 'payment_intent',
  status,
});

const run = (events: PayEvent[], from: PayState = initialPayState) => events.reduce(payReducer, from);

describe('the pay flow', () => {
  it('opens the wallet for a one-time payment and the authorisation for a subscription', () => {
    expect(run([{ type: 'submit' }, { type: 'submitted', instructions: transfer }])).toEqual({
      step: 'wallet',
      instructions: transfer,
    });
    expect(run([{ type: 'submit' }, { type: 'submitted', instructions: mandate }])).toEqual({
      step: 'authorise',
      instructions: mandate,
    });
  });

  it('waits for the subscription to start once the wallet has authorised it, and can be checked again', () => {
    const authorised = run([
      { type: 'submit' },
      { type: 'submitted', instructions: mandate },
      { type: 'sent', now: 5 },
    ]);
    expect(authorised).toEqual({ step: 'paying', instructions: mandate, since: 5 });
    expect(isLocked(authorised)).toBe(true);
    expect(run([{ type: 'timedOut' }, { type: 'checkAgain', now: 9 }], authorised)).toEqual({
      step: 'paying',
      instructions: mandate,
      since: 9,
    });
  });

  it('returns to the form when the buyer closes the authorisation, and locks the order while it is open', () => {
    const open = run([{ type: 'submit' }, { type: 'submitted', instructions: mandate }]);
    expect(isLocked(open)).toBe(true);
    const closed = payReducer(open, { type: 'dialogClosed' });
    expect(closed).toEqual({ step: 'idle' });
    expect(isLocked(closed)).toBe(false);
  });

  it('ignores an authorisation reported when no wallet step is open', () => {
    expect(payReducer(initialPayState, { type: 'sent', now: 1 })).toEqual(initialPayState);
    expect(payReducer({ step: 'submitting' }, { type: 'sent', now: 1 })).toEqual({ step: 'submitting' });
  });

  describe('with a card (seed 000 §4)', () => {
    const submitted = (status: string): PayEvent => ({
      type: 'cardSubmitted',
      instructions: card,
      context: cardContext(status),
      now: 7,
    });

    it('opens the card form for a payment the card has not paid yet, and locks the order meanwhile', () => {
      for (const status of ['requires_payment_method', 'requires_action', 'requires_confirmation']) {
        const open = run([{ type: 'submit' }, submitted(status)]);
        expect(open).toEqual({ step: 'card', instructions: card, context: cardContext(status) });
        expect(isLocked(open)).toBe(true);
      }
    });

    it('waits for the server at once when the processor says the payment succeeded already', () => {
      expect(run([{ type: 'submit' }, submitted('succeeded')])).toEqual({
        step: 'paying',
        instructions: card,
        since: 7,
      });
    });

    it('waits for the server once the card is confirmed, and times out and checks again as a transfer does', () => {
      const confirmed = run([
        { type: 'submit' },
        submitted('requires_payment_method'),
        { type: 'sent', now: 9 },
      ]);
      expect(confirmed).toEqual({ step: 'paying', instructions: card, since: 9 });
      expect(run([{ type: 'timedOut' }, { type: 'checkAgain', now: 20 }], confirmed)).toEqual({
        step: 'paying',
        instructions: card,
        since: 20,
      });
    });

    it('returns to the form when the buyer cancels the card form, not once the card is confirmed', () => {
      const open = run([{ type: 'submit' }, submitted('requires_payment_method')]);
      expect(payReducer(open, { type: 'dialogClosed' })).toEqual({ step: 'idle' });
      const confirmed = payReducer(open, { type: 'sent', now: 9 });
      expect(payReducer(confirmed, { type: 'dialogClosed' })).toBe(confirmed);
    });

    it('ignores a card answer that arrives when no submit waits for it', () => {
      expect(payReducer(initialPayState, submitted('requires_payment_method'))).toBe(initialPayState);
      const open = run([{ type: 'submit' }, submitted('requires_payment_method')]);
      expect(payReducer(open, submitted('succeeded'))).toBe(open);
    });
  });
});
