import { useEffect, useEffectEvent, useReducer } from 'react';
import { CONNECT_ERROR, classifyStatusCallError, httpStatusOf } from './connect-errors.ts';
import { connectReducer, initialConnectState, isEndPhase, type ConnectState } from './connect-state.ts';
import { CONNECT_SESSION_LIFETIME_MS } from './constants.ts';
import type { ConnectSession, ConnectStatusAnswer, WalletConnectResult } from './types.ts';
import { watchConnectStatus } from './watch-connect-status.ts';

export interface UseConnectSessionOptions {
  action: string;
  createSession: (action: string) => Promise<ConnectSession>;
  pollStatus: (token: string, secret: string) => Promise<ConnectStatusAnswer>;
  realtimeUrl?: string;
  onSucceeded: (result: WalletConnectResult) => void;
}

function describeCreateFailure(error: unknown): { errorCode?: string; errorMessage?: string } {
  // No HTTP status means the request never got an answer.
  if (httpStatusOf(error) === undefined) return { errorCode: CONNECT_ERROR.connection };
  return error instanceof Error && error.message ? { errorMessage: error.message } : {};
}

/**
 * Opens one connect session and follows it to its end. A new attempt is a new mount (the dialog keys
 * the panel by attempt), so the state never has to be reset by hand.
 */
export function useConnectSession({
  action,
  createSession,
  pollStatus,
  realtimeUrl,
  onSucceeded,
}: UseConnectSessionOptions): ConnectState {
  const [state, dispatch] = useReducer(connectReducer, initialConnectState);
  const create = useEffectEvent((forAction: string) => createSession(forAction));
  const poll = useEffectEvent((token: string, secret: string) => pollStatus(token, secret));
  const succeed = useEffectEvent((result: WalletConnectResult) => onSucceeded(result));

  useEffect(() => {
    let cancelled = false;
    let finished = false;
    let stopWatching = () => {};
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = () => {
      finished = true;
      stopWatching();
      clearTimeout(expiryTimer);
    };

    create(action).then(
      (session) => {
        if (cancelled) return;
        dispatch({ type: 'created', session });
        // Counted on this device's clock from creation rather than from `expires_at`, so a skewed
        // clock can neither end the session at once nor poll past its end.
        expiryTimer = setTimeout(() => {
          finish();
          dispatch({ type: 'expired' });
        }, CONNECT_SESSION_LIFETIME_MS);
        stopWatching = watchConnectStatus({
          token: session.token,
          secret: session.secret,
          realtimeUrl,
          pollStatus: (token, secret) => poll(token, secret),
          onStatus: (answer) => {
            if (finished) return;
            dispatch({ type: 'answered', answer });
            if (!isEndPhase(answer.status)) return;
            finish();
            if (answer.status === 'succeeded') {
              succeed({ method: 'connect', action, token: session.token, did: answer.did ?? undefined });
            }
          },
          onError: (error) => {
            if (finished) return;
            const errorCode = classifyStatusCallError(error);
            dispatch({ type: 'statusCallFailed', errorCode });
            if (errorCode !== CONNECT_ERROR.connection) finish();
          },
        });
      },
      (error: unknown) => {
        if (!cancelled) dispatch({ type: 'createFailed', ...describeCreateFailure(error) });
      },
    );

    return () => {
      cancelled = true;
      finish();
    };
  }, [action, realtimeUrl]);

  return state;
}
