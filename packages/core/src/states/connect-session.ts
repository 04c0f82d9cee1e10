import { defineMachine } from './machine.ts';

/**
 * A connect session: a page asks a wallet on another device to do something (sign in, pay …; identity's
 * connect/, docs/identity.md §2). Why each transition exists:
 *
 * - Start. A session opens `created`, its QR code shown to the page.
 * - `created` → `scanned` when the wallet fetches what it is asked to sign.
 * - `created` or `scanned` → `succeeded` when the wallet's signed answer is accepted and its action
 *   done (a wallet may answer without fetching first); → `failed` when the answer is refused (the
 *   refusal's code is kept); → `expired` when nobody answered in its time (marked when it is next
 *   looked at or answered).
 * - `succeeded`, `failed` and `expired` are final: a new attempt opens a new session. A login's
 *   redemption is a flag on the succeeded session, not a status.
 */
export const connectSessionMachine = defineMachine({
  resource: 'connect_session',
  states: ['created', 'scanned', 'succeeded', 'failed', 'expired'],
  initial: ['created'],
  transitions: {
    created: ['scanned', 'succeeded', 'failed', 'expired'],
    scanned: ['succeeded', 'failed', 'expired'],
    succeeded: [],
    failed: [],
    expired: [],
  },
});
export type ConnectSessionStatus = (typeof connectSessionMachine.states)[number];
