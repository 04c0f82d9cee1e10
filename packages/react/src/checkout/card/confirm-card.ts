import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { CardBillingDetails } from './card-fields.ts';
import { confirmOutcomeOf, type ConfirmOutcome } from './confirm-outcome.ts';

/**
 * Confirms the card in the Payment Element with the processor: the payment the server opened
 * (confirmPayment), or, for a subscription, the card saved for its cycles (confirmSetup). Stripe opens
 * a 3-D Secure challenge in place when the bank asks; no redirect leaves the page.
 */
export async function confirmCard(
  stripe: Stripe,
  elements: StripeElements | null | undefined,
  saving: boolean,
  billingDetails: CardBillingDetails,
): Promise<ConfirmOutcome> {
  if (!elements) return { failure: 'CARD_PROCESSING_ERROR' };
  const confirming = {
    elements,
    redirect: 'if_required',
    confirmParams: {
      return_url: window.location.href,
      payment_method_data: { billing_details: billingDetails },
    },
  } as const;
  try {
    return confirmOutcomeOf(
      saving ? await stripe.confirmSetup(confirming) : await stripe.confirmPayment(confirming),
    );
  } catch (error) {
    console.warn('Kiosk checkout: Stripe.js could not confirm the card', error);
    return { failure: 'CARD_PROCESSING_ERROR' };
  }
}
