import type { PaymentInstructions } from '@kiosk/contracts';

/**
 * Seed 000 §4 pay flow for a wallet method: idle → submitting (the form is sent) → wallet (the pay
 * dialog is open) → paying (the page polls the session) → paid, which the page state shows. A payment
 * the chain refused, or one not confirmed within the polling time, returns to where the buyer can try
 * again.
 */
export type PayState =
  | { step: 'idle' }
  | { step: 'submitting' }
  | { step: 'wallet'; instructions: PaymentInstructions }
  | { step: 'paying'; instructions: PaymentInstructions; since: number }
  | { step: 'timeout'; instructions: PaymentInstructions }
  | { step: 'failed'; message: string };

export type PayEvent =
  | { type: 'submit' }
  | { type: 'submitted'; instructions: PaymentInstructions }
  | { type: 'submitFailed' }
  | { type: 'walletClosed' }
  | { type: 'sent'; now: number }
  | { type: 'refused'; message: string }
  | { type: 'timedOut' }
  | { type: 'checkAgain'; now: number };

export const initialPayState: PayState = { step: 'idle' };

export function payReducer(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'submit':
      return state.step === 'idle' || state.step === 'failed' ? { step: 'submitting' } : state;
    case 'submitted':
      return state.step === 'submitting' ? { step: 'wallet', instructions: event.instructions } : state;
    case 'submitFailed':
      return state.step === 'submitting' ? { step: 'idle' } : state;
    case 'walletClosed':
      return state.step === 'wallet' ? { step: 'idle' } : state;
    case 'sent':
      return state.step === 'wallet'
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
