import { cardError, missingParam } from './errors.ts';

// Stripe's test cards (https://docs.stripe.com/testing) and the way each behaves.

export interface Decline {
  code: string;
  declineCode?: string;
  message: string;
}

export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface TestCard {
  number: string;
  brand: Brand;
  funding: 'credit' | 'debit';
  country: string;
  /**
   * none: never asks; always: every on-session payment and setup asks for 3-D Secure and an
   * off-session payment fails authentication_required (…3184); unless_set_up: asks on session, but an
   * off-session payment succeeds once the card was set up for off-session use (…3155).
   */
  authentication: 'none' | 'always' | 'unless_set_up';
  /** Declined whenever it is charged. */
  chargeDecline?: Decline;
  /** Declined when attached to a customer or set up. */
  setupDecline?: Decline;
}

const declined = (declineCode: string, message = 'Your card was declined.'): Decline => ({
  code: 'card_declined',
  declineCode,
  message,
});

export const declines = {
  generic: declined('generic_decline'),
  insufficientFunds: declined('insufficient_funds', 'Your card has insufficient funds.'),
  lostCard: declined('lost_card'),
  expiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processingError: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  liveCardInTestMode: declined(
    'test_mode_live_card',
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  ),
} satisfies Record<string, Decline>;

type Behaviour = Partial<Pick<TestCard, 'funding' | 'authentication' | 'chargeDecline' | 'setupDecline'>>;

const testCards: Record<string, Behaviour> = {
  '4242424242424242': {},
  '4000056655665556': { funding: 'debit' },
  '5555555555554444': {},
  '2223003122003222': {},
  '378282246310005': {},
  '6011111111111117': {},
  '4000002760003184': { authentication: 'always' },
  '4000002500003155': { authentication: 'unless_set_up' },
  '4000000000009995': { chargeDecline: declines.insufficientFunds },
  '4000000000000341': { chargeDecline: declines.generic },
  '4000000000000002': { chargeDecline: declines.generic, setupDecline: declines.generic },
  '4000000000009987': { chargeDecline: declines.lostCard, setupDecline: declines.lostCard },
  '4000000000000069': { chargeDecline: declines.expiredCard, setupDecline: declines.expiredCard },
  '4000000000000127': { chargeDecline: declines.incorrectCvc, setupDecline: declines.incorrectCvc },
  '4000000000000119': { chargeDecline: declines.processingError, setupDecline: declines.processingError },
};

/** Stripe's test payment method ids, usable wherever a payment method id is. */
export const testTokens: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): Brand {
  if (number.startsWith('4')) return 'visa';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (number.startsWith('6011') || number.startsWith('65')) return 'discover';
  return 'unknown';
}

export interface CardInput {
  number?: string;
  expMonth?: string;
  expYear?: string;
  cvc?: string;
}

export interface CheckedCard {
  card: TestCard;
  expMonth: number;
  expYear: number;
  cvcGiven: boolean;
}

/** Checks a card as Stripe does when a payment method is made from raw details (402 for a bad card). */
export function checkCard(input: CardInput, now = new Date()): CheckedCard {
  if (input.number === undefined) throw missingParam('card[number]');
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'card[number]' });
  }
  // A number Stripe does not list is a real card, which test mode refuses when it is given.
  const behaviour = testCards[number];
  if (!behaviour) {
    const { code, declineCode, message } = declines.liveCardInTestMode;
    throw cardError(code, message, { decline_code: declineCode, param: 'card[number]' });
  }
  if (input.expMonth === undefined) throw missingParam('card[exp_month]');
  if (input.expYear === undefined) throw missingParam('card[exp_year]');
  const expMonth = Number(input.expMonth);
  if (!/^\d{1,2}$/.test(input.expMonth) || expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
      param: 'card[exp_month]',
    });
  }
  const shortYear = /^\d{2}$/.test(input.expYear);
  const expYear = Number(input.expYear) + (shortYear ? 2000 : 0);
  const thisYear = now.getUTCFullYear();
  if (!/^\d{2}(\d{2})?$/.test(input.expYear) || expYear < thisYear || expYear > thisYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", {
      param: 'card[exp_year]',
    });
  }
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
      param: 'card[exp_month]',
    });
  }
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc)) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'card[cvc]' });
  }
  return { card: testCardFor(number), expMonth, expYear, cvcGiven: input.cvc !== undefined };
}

export function testCardFor(number: string): TestCard {
  const behaviour = testCards[number] ?? {};
  return {
    number,
    brand: brandOf(number),
    funding: behaviour.funding ?? 'credit',
    country: 'US',
    authentication: behaviour.authentication ?? 'none',
    chargeDecline: behaviour.chargeDecline,
    setupDecline: behaviour.setupDecline,
  };
}
