import { describe, expect, it } from 'vitest';
import { CONNECT_ERROR } from './connect-errors.ts';
import {
  connectReducer,
  initialConnectState,
  type ConnectEvent,
  type ConnectState,
} from './connect-state.ts';

const SESSION = {
  token: 't',
  secret: 's',
  auth_url: 'https://x/a',
  deep_link: 'kiosk://connect?url=x',
  status: 'created' as const,
  expires_at: 1,
};

function run(...events: ConnectEvent[]): ConnectState {
  return events.reduce(connectReducer, initialConnectState);
}

describe('connect state', () => {
  it('ignores a late "created" once the wallet has scanned', () => {
    const state = run(
      { type: 'created', session: SESSION },
      { type: 'answered', answer: { status: 'scanned' } },
      { type: 'answered', answer: { status: 'created' } },
    );
    expect(state.phase).toBe('scanned');
  });

  it('never leaves an end state', () => {
    const succeeded = run(
      { type: 'created', session: SESSION },
      { type: 'answered', answer: { status: 'succeeded' } },
    );
    expect(connectReducer(succeeded, { type: 'expired' }).phase).toBe('succeeded');
    expect(connectReducer(succeeded, { type: 'answered', answer: { status: 'failed', error: 'X' } })).toBe(
      succeeded,
    );

    const expired = run({ type: 'created', session: SESSION }, { type: 'expired' });
    expect(connectReducer(expired, { type: 'answered', answer: { status: 'succeeded' } }).phase).toBe(
      'expired',
    );
  });

  it('keeps the failure code of a failed session', () => {
    const state = run(
      { type: 'created', session: SESSION },
      { type: 'answered', answer: { status: 'failed', error: 'SIWE_BAD_SIGNATURE' } },
    );
    expect(state).toMatchObject({ phase: 'failed', errorCode: 'SIWE_BAD_SIGNATURE' });
  });

  it('marks a network failure without ending the session, and clears it with the next answer', () => {
    const lost = run(
      { type: 'created', session: SESSION },
      { type: 'statusCallFailed', errorCode: CONNECT_ERROR.connection },
    );
    expect(lost).toMatchObject({ phase: 'created', connectionLost: true });
    expect(connectReducer(lost, { type: 'answered', answer: { status: 'created' } }).connectionLost).toBe(
      false,
    );
  });

  it('ends the session when the server refuses it', () => {
    const state = run(
      { type: 'created', session: SESSION },
      { type: 'statusCallFailed', errorCode: CONNECT_ERROR.invalidSession },
    );
    expect(state).toMatchObject({ phase: 'failed', errorCode: 'INVALID_SESSION' });
  });
});
