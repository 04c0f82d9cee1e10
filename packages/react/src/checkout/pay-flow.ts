import type { MandateInstructions, PaymentInstructions } from '@kiosk/contracts';

/** What the buyer's wallet is asked for after submit: one transfer now, or a mandate for every cycle. */
export type WalletRequest = PaymentInstructions | MandateInstructions;

/**
 * Seed 000 §4 pay flow for a wallet method: idle → submitting (the form is sent) → wallet (the pay
 * dialog is open) → paying (the page polls the session) → paid, which the page state shows. A
 * subscription goes from submitting to authorise instead (the dialog shows what the customer allows
 * and their wallet signs the mandate), then waits in paying the same way: the session completes once
 * the server has read the mandate on the chain (a trial at once, else when the first cycle is
 * collected). A payment the chain refused, or one not confirmed within the polling time, returns to
 * where the buyer can try again.
 */
export type PayState =
  | { step: 'idle' }
  | { step: 'submitting' }
  | { step: 'wallet'; instructions: PaymentInstructions }
  | { step: 'authorise'; instructions: MandateInstructions }
  | { step: 'paying'; instructions: WalletRequest; since: number }
  | { step: 'timeout'; instructions: WalletRequest }
  | { step: 'failed'; message: string };

export type PayEvent =
  | { type: 'submit' }
  | { type: 'submitted'; instructions: WalletRequest }
  | { type: 'submitFailed' }
  | { type: 'walletClosed' }
  | { type: 'sent'; now: number }
  | { type: 'refused'; message: string }
  | { type: 'timedOut' }
  | { type: 'checkAgain'; now: number };

export const initialPayState: PayState = { step: 'idle' };

/** The step a submitted order opens: the wallet pays a transfer, or authorises a mandate. */
function walletStepOf(instructions: WalletRequest): PayState {
  switch (instructions.type) {
    case 'evm_transfer':
      return { step: 'wallet', instructions };
    case 'evm_mandate':
      return { step: 'authorise', instructions };
  }
}

/** The wallet dialog is open: for a transfer or for a mandate. */
function isAtWallet(state: PayState): state is Extract<PayState, { step: 'wallet' | 'authorise' }> {
  return state.step === 'wallet' || state.step === 'authorise';
}

export function payReducer(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'submit':
      return state.step === 'idle' || state.step === 'failed' ? { step: 'submitting' } : state;
    case 'submitted':
      return state.step === 'submitting' ? walletStepOf(event.instructions) : state;
    case 'submitFailed':
      return state.step === 'submitting' ? { step: 'idle' } : state;
    case 'walletClosed':
      return isAtWallet(state) ? { step: 'idle' } : state;
    case 'sent':
      return isAtWallet(state)
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
  }
}

/** The order may change only while nothing is on its way to be paid. */
export function isLocked(state: PayState): boolean {
  return state.step !== 'idle' && state.step !== 'failed';
}
