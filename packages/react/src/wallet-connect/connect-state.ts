import { CONNECT_ERROR } from './connect-errors.ts';
import type { ConnectSession, ConnectStatus, ConnectStatusAnswer } from './types.ts';

export type ConnectPhase = 'creating' | ConnectStatus;

export interface ConnectState {
  phase: ConnectPhase;
  session?: ConnectSession;
  /** A code with a text (`connect.error.{code}` or `error.{code}`). */
  errorCode?: string;
  /** The server's own words, already in the visitor's language, when there is no code to look up. */
  errorMessage?: string;
  /** A status call failed on the network; polling goes on and this clears with the next answer. */
  connectionLost: boolean;
}

export type ConnectEvent =
  | { type: 'created'; session: ConnectSession }
  | { type: 'createFailed'; errorCode?: string; errorMessage?: string }
  | { type: 'answered'; answer: ConnectStatusAnswer }
  | { type: 'statusCallFailed'; errorCode: string }
  | { type: 'expired' };

// docs/identity.md §2: created → scanned → succeeded | failed, or expired. A late or repeated answer
// (a poll racing the socket) must not move a session backwards or out of an end state.
const ALLOWED_NEXT: Record<ConnectPhase, readonly ConnectPhase[]> = {
  creating: ['created', 'failed'],
  created: ['scanned', 'succeeded', 'failed', 'expired'],
  scanned: ['succeeded', 'failed', 'expired'],
  succeeded: [],
  failed: [],
  expired: [],
};

export const initialConnectState: ConnectState = { phase: 'creating', connectionLost: false };

export function isEndPhase(phase: ConnectPhase): boolean {
  return ALLOWED_NEXT[phase].length === 0;
}

function moveTo(state: ConnectState, phase: ConnectPhase, changes: Partial<ConnectState> = {}): ConnectState {
  if (!ALLOWED_NEXT[state.phase].includes(phase)) return state;
  return { ...state, ...changes, phase, connectionLost: false };
}

export function connectReducer(state: ConnectState, event: ConnectEvent): ConnectState {
  switch (event.type) {
    case 'created':
      return moveTo(state, 'created', { session: event.session });
    case 'createFailed':
      return moveTo(state, 'failed', { errorCode: event.errorCode, errorMessage: event.errorMessage });
    case 'answered': {
      const { status, error } = event.answer;
      if (status === state.phase) return state.connectionLost ? { ...state, connectionLost: false } : state;
      return moveTo(state, status, status === 'failed' ? { errorCode: error ?? undefined } : {});
    }
    case 'statusCallFailed':
      if (event.errorCode === CONNECT_ERROR.connection) {
        return isEndPhase(state.phase) ? state : { ...state, connectionLost: true };
      }
      return moveTo(state, 'failed', { errorCode: event.errorCode });
    case 'expired':
      return moveTo(state, 'expired');
  }
}
