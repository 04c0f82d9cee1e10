import { useEffect, type Dispatch } from 'react';
import { nowUnix } from '@kiosk/core';
import type { BitcoinInstructions, PaymentIntent } from '@kiosk/contracts';
import type { PayEvent, PayState } from '../pay-flow.ts';

/** What the server saw on the order's address: transactions with `seen` of the `needed` confirmations. */
export interface BitcoinSeen {
  seen: number;
  needed: number;
}

/**
 * The confirmations the server reports for the payment on its address, when its answer carries them
 * (`payment_details.bitcoin.confirmations`); otherwise nothing is said beyond waiting.
 */
export function bitcoinSeenOf(
  intent: PaymentIntent | null | undefined,
  instructions: BitcoinInstructions,
): BitcoinSeen | undefined {
  if (!intent || intent.status === 'succeeded') return undefined;
  const details = intent.payment_details['bitcoin'];
  if (!details || typeof details !== 'object') return undefined;
  const { confirmations } = details as { confirmations?: unknown };
  const seen = Number(confirmations);
  if (confirmations === undefined || confirmations === null || !Number.isInteger(seen) || seen < 0)
    return undefined;
  return { seen, needed: instructions.confirmations };
}

/**
 * A block takes minutes, more than the page's usual wait for a payment: a Bitcoin payment that timed
 * out there is waited for again, until the order's end.
 */
export function useWaitUntilExpiry(
  step: PayState['step'],
  instructions: BitcoinInstructions,
  dispatch: Dispatch<PayEvent>,
): void {
  useEffect(() => {
    if (step === 'timeout' && nowUnix() < instructions.expires_at)
      dispatch({ type: 'checkAgain', now: Date.now() });
  }, [step, instructions, dispatch]);
}
