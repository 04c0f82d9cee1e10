import { defineMachine } from '@kiosk/core';
import type { CliConnectionStatus } from '../tables.ts';

/**
 * A CLI connection (`kiosk login`, the /connect-cli page; an editor's, on /connect-studio, is the
 * same): `pending` until its developer approves or denies it in the browser; an approved one is
 * redeemed once by the tool for a token. Either waits at most CLI_CONNECTION_TTL, then it has
 * `expired`.
 */
export const cliConnectionMachine = defineMachine<CliConnectionStatus>({
  resource: 'cli_connection',
  states: ['pending', 'approved', 'denied', 'redeemed', 'expired'],
  initial: ['pending'],
  transitions: {
    pending: ['approved', 'denied', 'expired'],
    approved: ['redeemed', 'expired'],
    denied: [],
    redeemed: [],
    expired: [],
  },
});
