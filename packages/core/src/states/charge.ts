import { defineMachine } from './machine.ts';

/**
 * A charge is one claimed payment of a payment intent (a named chain transaction, later a card
 * payment): `pending` while its method adapter checks it, then `succeeded` (money arrived) or `failed`
 * (refused, or unconfirmed in time). Naming a failed one again checks it again. A succeeded one is
 * checked again only when its chain undid the payment after it was confirmed (a Bitcoin reorg deeper
 * than the method's confirmations). Money that arrived but did not pay the intent (too little, too
 * late, a second payment) stays on its succeeded charge as an amount to refund.
 */
export const chargeMachine = defineMachine({
  resource: 'charge',
  states: ['pending', 'succeeded', 'failed'],
  initial: ['pending'],
  transitions: {
    pending: ['succeeded', 'failed'],
    failed: ['pending'],
    succeeded: ['pending'],
  },
});
export type ChargeStatus = (typeof chargeMachine.states)[number];
export const CHARGE_STATUSES = chargeMachine.states;
