import { defineMachine } from './machine.ts';

/**
 * A refund sends back part or all of one succeeded charge: `pending` from the moment its amount is
 * reserved on the charge until the rail answers, then `succeeded` (the charge's `amount_refunded`
 * grows) or `failed` (the reservation is released). `canceled` is for a refund given up before the
 * rail made it (a merchant-sent instruction that was never sent). Each end is final: a new attempt is
 * a new refund.
 */
export const refundMachine = defineMachine({
  resource: 'refund',
  states: ['pending', 'succeeded', 'failed', 'canceled'],
  initial: ['pending'],
  transitions: {
    pending: ['succeeded', 'failed', 'canceled'],
    succeeded: [],
    failed: [],
    canceled: [],
  },
});
export type RefundStatus = (typeof refundMachine.states)[number];
export const REFUND_STATUSES = refundMachine.states;
