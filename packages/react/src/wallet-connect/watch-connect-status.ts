import { CONNECT_POLL_INTERVAL_MS } from './constants.ts';
import type { ConnectStatusAnswer } from './types.ts';

export interface WatchConnectStatusOptions {
  token: string;
  secret: string;
  pollStatus: (token: string, secret: string) => Promise<ConnectStatusAnswer>;
  /** The realtime websocket; without it, or when it fails, the status is polled. */
  realtimeUrl?: string;
  onStatus: (answer: ConnectStatusAnswer) => void;
  /** A status call failed; polling goes on, the caller decides whether the failure ends the session. */
  onError: (error: unknown) => void;
}

interface RealtimeMessage {
  type?: unknown;
  topic?: unknown;
  data?: ConnectStatusAnswer;
}

function parseRealtimeMessage(data: unknown): RealtimeMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message: unknown = JSON.parse(data);
    return typeof message === 'object' && message !== null ? (message as RealtimeMessage) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Follows a connect session (docs/identity.md §2): by websocket when `realtimeUrl` is given, by polling
 * every 2 s when it is not or the socket fails. Returns the function that stops following.
 */
export function watchConnectStatus({
  token,
  secret,
  pollStatus,
  realtimeUrl,
  onStatus,
  onError,
}: WatchConnectStatusOptions): () => void {
  const topic = `connect:${token}`;
  let stopped = false;
  let polling = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | undefined;

  // One status call at a time, answers in order: for login the cookie comes with the first call that
  // sees success (§2.3), and a later call answering first would report success before the cookie is
  // set. A call asked for while one is out goes after it, once.
  let asking: Promise<void> | undefined;
  let askAgain = false;
  const askOnce = async () => {
    try {
      const answer = await pollStatus(token, secret);
      if (!stopped) onStatus(answer);
    } catch (error) {
      if (!stopped) onError(error);
    }
  };
  const askServer = (): Promise<void> => {
    if (asking) {
      askAgain = true;
      return asking;
    }
    asking = (async () => {
      do {
        askAgain = false;
        await askOnce();
      } while (askAgain && !stopped);
      asking = undefined;
    })();
    return asking;
  };

  const scheduleNextPoll = () => {
    pollTimer = setTimeout(async () => {
      await askServer();
      if (!stopped) scheduleNextPoll();
    }, CONNECT_POLL_INTERVAL_MS);
  };

  const startPolling = () => {
    if (stopped || polling) return;
    polling = true;
    scheduleNextPoll();
  };

  const onSocketMessage = (event: MessageEvent) => {
    const message = parseRealtimeMessage(event.data);
    if (!message) return;
    if (message.type === 'error') {
      startPolling();
      return;
    }
    // Pushes carry only changes from here on: one call learns what happened before the subscription
    // (a test wallet or a quick phone can answer while the socket is still opening).
    if (message.type === 'subscribed' && message.topic === topic) {
      void askServer();
      return;
    }
    if (message.type !== 'connect.status' || message.topic !== topic || !message.data) return;
    if (message.data.status === 'succeeded') {
      // For login the cookie comes with the first status call that sees success (§2.3), so a pushed
      // success is redeemed by a call, and polling covers that call failing.
      void askServer();
      startPolling();
      return;
    }
    onStatus(message.data);
  };

  if (realtimeUrl && typeof WebSocket !== 'undefined') {
    try {
      const ws = new WebSocket(realtimeUrl);
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', topic, secret }));
      ws.onmessage = onSocketMessage;
      ws.onerror = startPolling;
      ws.onclose = startPolling;
    } catch {
      startPolling();
    }
  } else {
    startPolling();
  }

  return () => {
    stopped = true;
    clearTimeout(pollTimer);
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close();
    }
  };
}
