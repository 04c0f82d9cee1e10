/**
 * Why a card payment failed, in Kiosk's words: one code per reason a buyer can act on, each an error
 * text (`error.{code}`, i18n/cards.ts). Card processors report an error `code` and, for a decline, the
 * issuer's `decline_code` (Stripe's vocabulary, which other processors' codes map onto); the buyer's
 * page and the server read them through cardFailure, so both say the same thing.
 */
export const CARD_FAILURES = [
  'CARD_DECLINED',
  'CARD_INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'CARD_INCORRECT_CVC',
  'CARD_INCORRECT_NUMBER',
  'CARD_AUTHENTICATION_FAILED',
  'CARD_AUTHENTICATION_REQUIRED',
  'CARD_PROCESSING_ERROR',
  'PAYMENT_CANCELED',
] as const;
export type CardFailure = (typeof CARD_FAILURES)[number];

const BY_CODE: Record<string, CardFailure> = {
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'CARD_INCORRECT_CVC',
  invalid_cvc: 'CARD_INCORRECT_CVC',
  incorrect_number: 'CARD_INCORRECT_NUMBER',
  invalid_number: 'CARD_INCORRECT_NUMBER',
  payment_intent_authentication_failure: 'CARD_AUTHENTICATION_FAILED',
  setup_intent_authentication_failure: 'CARD_AUTHENTICATION_FAILED',
  authentication_required: 'CARD_AUTHENTICATION_REQUIRED',
  processing_error: 'CARD_PROCESSING_ERROR',
};

/** The failure a processor's error names: the issuer's reason first, then the error's code. */
export function cardFailure(error: { code?: string | null; decline_code?: string | null }): CardFailure {
  return (
    (error.decline_code ? BY_CODE[error.decline_code] : undefined) ??
    (error.code ? BY_CODE[error.code] : undefined) ??
    'CARD_DECLINED'
  );
}
