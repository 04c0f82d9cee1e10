import type { TFunction } from 'i18next';
import { trialCountdown } from '@kiosk/core';
import type {
  CheckoutSession,
  EvmMandateInstructions,
  MandateInstructions,
  PaymentCurrency,
} from '@kiosk/contracts';
import { formatMoney } from '../format-money.ts';
import { trialEndOf } from '../subscription-terms.ts';
import { recurringText } from '../summary/price-label.ts';

/**
 * What a mandate lets the merchant take, in the one wording every screen uses (the checkout's and the
 * setup page's authorise dialog, the portal's change of payment method, docs/recurring-crypto.md):
 * "You allow at most 10 KDT per month for up to 12 payments, to 0x…", and how many transactions the
 * wallet asks for. Everything comes from the instructions of this mandate: its own cycles and the
 * plan's interval (the contract's window, 28 days for a month, is a floor the buyer never reads), never
 * the allowance, which also holds what the wallet allows its other subscriptions. `amount` is
 * `max_per_cycle` as the screen writes money.
 */
export function mandateConsentText(
  instructions: EvmMandateInstructions,
  amount: string,
  t: TFunction,
): { limit: string; steps: string } {
  const { cycles } = instructions;
  return {
    limit: t(`checkout.mandate.limit.${cycles === 1 ? 'one' : 'other'}`, {
      amount,
      interval: recurringText(instructions, t) ?? '',
      cycles,
      receiver: instructions.receiver,
    }),
    steps: t('checkout.mandate.steps', { count: instructions.calls.length }),
  };
}

/**
 * What the customer allows, in words, before their wallet signs: the price and any trial ("Free for
 * 7 days, then 10 KDT per month"), then the mandate's limit (mandateConsentText), which is what the
 * merchant can ever take. A setup session's subscription runs already: its price applies from the next
 * payment, nothing now. A mandate that also locks a stake says so (`stake`), with what it is for.
 */
export function mandateTerms(
  instructions: EvmMandateInstructions,
  session: CheckoutSession,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>,
  now: number,
  t: TFunction,
): { offer: string; limit: string; steps: string; stake?: string } {
  const offer = mandateOffer(instructions, session, currency, now, t);
  const consent = mandateConsentText(instructions, formatMoney(instructions.max_per_cycle, currency), t);
  const { stake } = instructions;
  if (!stake) return { offer, ...consent };
  return {
    offer,
    ...consent,
    stake: t('checkout.mandate.stake', { amount: formatMoney(stake.amount, currency) }),
  };
}

/** The price and any trial, for a wallet's mandate or a saved card: "Free for 7 days, then 10 USD per month". */
export function mandateOffer(
  instructions: MandateInstructions,
  session: CheckoutSession,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>,
  now: number,
  t: TFunction,
): string {
  const amount = formatMoney(instructions.max_per_cycle, currency);
  const interval = recurringText(instructions, t) ?? '';
  const ends = trialEndOf(session, instructions.currency_id, now);
  const countdown = ends === undefined ? undefined : trialCountdown(ends, now);
  return session.mode === 'setup'
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
}
