import { useEffect, useEffectEvent } from 'react';
import { useKiosk } from '../provider/KioskProvider.tsx';

export interface RealtimeEvent {
  type: string;
  topic: string;
  data: unknown;
}

/**
 * Listens to one topic of the realtime socket (`/api/realtime`) while `topic` is set. Best effort:
 * callers poll as well, so a socket that cannot open or drops only makes them slower.
 */
export function useRealtimeTopic(topic: string | undefined, onEvent: (event: RealtimeEvent) => void): void {
  const { client } = useKiosk();
  const handle = useEffectEvent(onEvent);

  useEffect(() => {
    if (!topic || typeof WebSocket === 'undefined') return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(client.realtimeUrl());
    } catch {
      return;
    }
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', topic }));
    socket.onmessage = (message) => {
      try {
        const event = JSON.parse(String(message.data)) as Partial<RealtimeEvent>;
        if (event.topic === topic && typeof event.type === 'string' && event.type !== 'subscribed')
          handle(event as RealtimeEvent);
      } catch {
        // Not an event of ours.
      }
    };
    return () => {
      socket.onmessage = null;
      socket.close();
    };
  }, [client, topic]);
}
