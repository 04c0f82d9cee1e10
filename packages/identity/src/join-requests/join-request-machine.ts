import { defineMachine } from '@kiosk/core';
import type { JoinRequestStatus } from '../tables.ts';

/**
 * A request to join as a developer: `pending` until an admin approves it (granting the developer
 * passport) or declines it, or its user withdraws it. Every end is final; a user declined or who
 * withdrew may ask again with a new request.
 */
export const joinRequestMachine = defineMachine<JoinRequestStatus>({
  resource: 'join_request',
  states: ['pending', 'approved', 'declined', 'withdrawn'],
  initial: ['pending'],
  transitions: {
    pending: ['approved', 'declined', 'withdrawn'],
    approved: [],
    declined: [],
    withdrawn: [],
  },
});
