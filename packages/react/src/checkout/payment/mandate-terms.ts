import type { TFunction } from 'i18next';
import { trialCountdown, type CountdownUnit } from '@kiosk/core';
import type { CheckoutSession, MandateInstructions, PaymentCurrency } from '@kiosk/contracts';
import { formatMoney } from '../format-money.ts';
import { setupSubscriptionOf } from '../setup-subscription.ts';
import { trialEndOf } from '../subscription-terms.ts';
import { recurringText } from '../summary/price-label.ts';

const UNITS: [CountdownUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "28 days", "1 hour": a length in the largest whole unit it is made of (the contract counts seconds). */
export function durationText(seconds: number, t: TFunction): string {
  const [unit, size] = UNITS.find(([, size]) => seconds % size === 0) ?? UNITS[2]!;
  const count = Math.max(1, Math.floor(seconds / size));
  return t(`checkout.duration.${unit}.${count === 1 ? 'one' : 'other'}`, { count });
}

/**
 * What the customer allows, in words, before their wallet signs: the price and any trial ("Free for
 * 7 days, then 10 KDT per month"), and the mandate's hard limit ("at most 10 KDT every 28 days for 12
 * cycles, to 0x…") — the contract's own terms, which are what the merchant can ever take. A setup
 * session's subscription runs already: its price applies from the next payment, nothing now.
 */
export function mandateTerms(
  instructions: MandateInstructions,
  session: CheckoutSession,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>,
  now: number,
  t: TFunction,
): { offer: string; limit: string; steps: string } {
  const amount = formatMoney(instructions.max_per_cycle, currency);
  const recurring = setupSubscriptionOf(session)?.recurring ?? session.line_items[0]?.price.recurring;
  const interval = recurringText(recurring ?? null, t) ?? '';
  const ends = trialEndOf(session, instructions.currency_id, now);
  const countdown = ends === undefined ? undefined : trialCountdown(ends, now);
  const offer =
    session.mode === 'setup'
      ? t('checkout.authorise.setup', { amount, interval })
      : countdown
        ? t('checkout.authorise.trial', {
            period: t(`checkout.duration.${countdown.unit}.${countdown.count === 1 ? 'one' : 'other'}`, {
              count: countdown.count,
            }),
            amount,
            interval,
          })
        : t('checkout.authorise.price', { amount, interval });
  const perCycle = BigInt(instructions.max_per_cycle);
  const cycles = perCycle > 0n ? BigInt(instructions.allowance) / perCycle : 0n;
  return {
    offer,
    limit: t('checkout.authorise.limit', {
      amount,
      cycle: durationText(instructions.cycle_seconds, t),
      cycles: cycles.toString(),
      receiver: instructions.receiver,
    }),
    steps: t('checkout.authorise.steps', { count: instructions.calls.length }),
  };
}
