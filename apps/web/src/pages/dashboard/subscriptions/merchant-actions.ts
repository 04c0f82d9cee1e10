import type { Subscription } from '@kiosk/contracts';
import type { CancelAt } from './use-subscriptions.ts';

/**
 * What the merchant may do to a subscription now, as the server allows it (packages/core's subscription
 * machine and packages/payments' pause.ts and service.ts): pause an active one; resume a paused one;
 * cancel any that has not ended, at the period's end only where a paid period runs (active or past due)
 * and no cancel is set for it yet, else at once; keep (recover) one whose cancel at the period's end
 * is set and has not come; slash the stake of a past-due one that holds a stake, when no slash is
 * under way (docs/staking.md).
 */
export interface MerchantActions {
  pause: boolean;
  resume: boolean;
  recover: boolean;
  slash: boolean;
  /** The moments a cancel may take effect; empty when it has ended. */
  cancel: readonly CancelAt[];
}

export function merchantActions(subscription: Subscription): MerchantActions {
  const { status } = subscription;
  const ended = status === 'canceled' || status === 'incomplete_expired';
  const running = status === 'active' || status === 'past_due';
  const paidPeriod = running && !subscription.cancel_at_period_end;
  let cancel: CancelAt[] = [];
  if (!ended) cancel = paidPeriod ? ['current_period_end', 'now'] : ['now'];
  return {
    pause: status === 'active',
    resume: status === 'paused',
    recover: running && subscription.cancel_at_period_end,
    slash:
      status === 'past_due' &&
      subscription.stake?.status === 'held' &&
      !subscription.stake.details.slash_invoice_id,
    cancel,
  };
}
