import type {
  BitcoinInstructions,
  EvmMandateInstructions,
  EvmTransferInstructions,
  MandateInstructions,
  PaymentInstructions,
  SubmitAnswer,
} from '@kiosk/contracts';

/**
 * What the buyer is asked for after submit: one transfer now or a mandate for every cycle (their
 * wallet), or a card payment.
 */
export type WalletRequest = PaymentInstructions | MandateInstructions;

/** A card payment now, or a card saved for a subscription's cycles (a setup). */
export type CardInstructions = Extract<WalletRequest, { type: 'card' | 'card_mandate' }>;

/** What a wallet of the buyer's is asked to do in this flow: a transfer, a mandate, or a Bitcoin payment. */
export type WalletStepRequest = Exclude<WalletRequest, CardInstructions>;

/** The payment the card processor holds for the order (submit's `stripeContext`): the card form confirms it. */
export type CardContext = NonNullable<SubmitAnswer['stripeContext']>;

/**
 * Seed 000 §4 pay flow for a wallet method: idle → submitting (the form is sent) → wallet (the pay
 * dialog is open) → paying (the page polls the session) → paid, which the page state shows. A
 * subscription goes from submitting to authorise instead (the dialog shows what the customer allows
 * and their wallet signs the mandate), then waits in paying the same way: the session completes once
 * the server has read the mandate on the chain (a trial at once, else when the first cycle is
 * collected). A card goes from submitting to card (the card form, seed 000 §4), or straight to paying
 * when the processor says the payment succeeded already (a reload after paying); once the processor
 * confirms it, paying. Bitcoin goes from submitting to bitcoin (the order's address and amount),
 * then paying once the buyer says they paid. A payment the chain refused, or one not confirmed within
 * the polling time, returns to where the buyer can try again.
 */
export type PayState =
  | { step: 'idle' }
  | { step: 'submitting' }
  | { step: 'wallet'; instructions: EvmTransferInstructions }
  | { step: 'authorise'; instructions: EvmMandateInstructions }
  | { step: 'card'; instructions: CardInstructions; context: CardContext }
  /** Issue 26: the order's address, amount and QR code, until the buyer says they paid. */
  | { step: 'bitcoin'; instructions: BitcoinInstructions }
  | { step: 'paying'; instructions: WalletRequest; since: number }
  | { step: 'timeout'; instructions: WalletRequest }
  | { step: 'failed'; message: string };

export type PayEvent =
  | { type: 'submit' }
  | { type: 'submitted'; instructions: WalletStepRequest }
  | { type: 'cardSubmitted'; instructions: CardInstructions; context: CardContext; now: number }
  | { type: 'submitFailed' }
  /** The buyer closed the wallet's or the card's dialog before paying. */
  | { type: 'dialogClosed' }
  /** The wallet sent the transfer (or the mandate), or the card processor confirmed the payment. */
  | { type: 'sent'; now: number }
  | { type: 'refused'; message: string }
  | { type: 'timedOut' }
  | { type: 'checkAgain'; now: number }
  /** The order's time ran out while the buyer was asked or waited (a Bitcoin payment): back to the form. */
  | { type: 'restart' };

export const initialPayState: PayState = { step: 'idle' };

/** The step a submitted order opens: the wallet pays a transfer, or authorises a mandate. */
function walletStepOf(instructions: WalletStepRequest): PayState {
  switch (instructions.type) {
    case 'evm_transfer':
      return { step: 'wallet', instructions };
    case 'evm_mandate':
      return { step: 'authorise', instructions };
    case 'bitcoin':
      return { step: 'bitcoin', instructions };
  }
}

/** Seed 000 §4: a card already paid (submitted again after paying) waits at once; else the card form. */
function cardStepOf(event: Extract<PayEvent, { type: 'cardSubmitted' }>): PayState {
  const { instructions, context } = event;
  return context.status === 'succeeded'
    ? { step: 'paying', instructions, since: event.now }
    : { step: 'card', instructions, context };
}

/** A dialog asks the buyer to pay: their wallet (a transfer or a mandate), their card, or Bitcoin. */
function isAskingBuyer(
  state: PayState,
): state is Extract<PayState, { step: 'wallet' | 'authorise' | 'card' | 'bitcoin' }> {
  return (
    state.step === 'wallet' || state.step === 'authorise' || state.step === 'card' || state.step === 'bitcoin'
  );
}

export function payReducer(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'submit':
      return state.step === 'idle' || state.step === 'failed' ? { step: 'submitting' } : state;
    case 'submitted':
      return state.step === 'submitting' ? walletStepOf(event.instructions) : state;
    case 'cardSubmitted':
      return state.step === 'submitting' ? cardStepOf(event) : state;
    case 'submitFailed':
      return state.step === 'submitting' ? { step: 'idle' } : state;
    case 'dialogClosed':
      return isAskingBuyer(state) ? { step: 'idle' } : state;
    case 'sent':
      return isAskingBuyer(state)
        ? { step: 'paying', instructions: state.instructions, since: event.now }
        : state;
    case 'refused':
      return state.step === 'paying' ? { step: 'failed', message: event.message } : state;
    case 'timedOut':
      return state.step === 'paying' ? { step: 'timeout', instructions: state.instructions } : state;
    case 'checkAgain':
      return state.step === 'timeout'
        ? { step: 'paying', instructions: state.instructions, since: event.now }
        : state;
    case 'restart':
      return state.step === 'submitting' ? state : initialPayState;
  }
}

/** The order may change only while nothing is on its way to be paid. */
export function isLocked(state: PayState): boolean {
  return state.step !== 'idle' && state.step !== 'failed';
}
