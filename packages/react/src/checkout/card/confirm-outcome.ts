import { cardFailure, type CardFailure } from '@kiosk/core/card-failures';

interface IntentLike {
  id: string;
  status: string;
}

/** What Stripe.js's confirmPayment (or confirmSetup) answers, as far as the card form reads it. */
export interface ConfirmResult {
  paymentIntent?: IntentLike;
  setupIntent?: IntentLike;
  error?: {
    type: string;
    code?: string;
    decline_code?: string;
    payment_intent?: IntentLike;
    setup_intent?: IntentLike;
  };
}

/**
 * The card form's next step after a confirmation: `paid` names the processor's payment (or the saved
 * card's setup) to the server;
 * `failure` is what the buyer is told, while the form stays for another try (undefined: the card form
 * marks the field itself, e.g. an incomplete number).
 */
export type ConfirmOutcome = { paid: string } | { failure: CardFailure | undefined };

// The processor holds the money (processing: it will tell the server when it settles).
const PAID = new Set(['succeeded', 'processing']);

export function confirmOutcomeOf(result: ConfirmResult): ConfirmOutcome {
  const { error } = result;
  const intent = result.paymentIntent ?? result.setupIntent;
  if (intent)
    return PAID.has(intent.status)
      ? { paid: intent.id }
      : {
          failure: intent.status === 'requires_action' ? 'CARD_AUTHENTICATION_REQUIRED' : 'CARD_DECLINED',
        };
  if (!error) return { failure: 'CARD_PROCESSING_ERROR' };
  // Confirmed already (the page could not name it last time): what is left is to name it.
  const confirmed = error.payment_intent ?? error.setup_intent;
  if (confirmed && PAID.has(confirmed.status)) return { paid: confirmed.id };
  if (error.type === 'validation_error') return { failure: undefined };
  // A decline, or a 3-D Secure challenge failed (Stripe.js answers that as an invalid request).
  if (
    error.type === 'card_error' ||
    error.code === 'payment_intent_authentication_failure' ||
    error.code === 'setup_intent_authentication_failure'
  )
    return { failure: cardFailure(error) };
  // The processor could not be reached or refused the call: nothing about the card.
  return { failure: 'CARD_PROCESSING_ERROR' };
}
