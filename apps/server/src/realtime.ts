import websocket from '@fastify/websocket';
import type { Principal } from '@kiosk/identity';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';

/**
 * One websocket endpoint, `/api/realtime`. A client subscribes to topics (`connect:{token}`, later a
 * customer or a checkout session); each topic prefix has an authoriser that decides who may listen.
 * Messages are `{ type, topic, data }`. A ping every 30 s (seed 000 §9) keeps proxies from closing it.
 * Events reach the sockets of this process; across processes they travel through PostgreSQL
 * LISTEN/NOTIFY (added with the first multi-process event).
 */

export const HEARTBEAT_MS = 30_000;

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: z.string().min(1).max(200) }).loose(),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().min(1).max(200) }),
]);
export type SubscribeMessage = Extract<z.infer<typeof clientMessage>, { type: 'subscribe' }>;

/** Who opened the socket: its session cookie or authToken, read once when it connected. */
export type TopicAuthorizer = (
  topic: string,
  message: SubscribeMessage,
  caller: Principal,
) => Promise<boolean>;

export class RealtimeHub {
  private readonly listeners = new Map<string, Set<WebSocket>>();
  private readonly authorizers = new Map<string, TopicAuthorizer>();

  /** Lets subscribers in to topics starting with `prefix` when `authorize` says so. */
  authorize(prefix: string, authorize: TopicAuthorizer): void {
    this.authorizers.set(prefix, authorize);
  }

  publish(topic: string, type: string, data: unknown): void {
    const sockets = this.listeners.get(topic);
    if (!sockets) return;
    const text = JSON.stringify({ type, topic, data });
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  async subscribe(socket: WebSocket, message: SubscribeMessage, caller: Principal): Promise<boolean> {
    const entry = [...this.authorizers].find(([prefix]) => message.topic.startsWith(prefix));
    if (!entry || !(await entry[1](message.topic, message, caller))) return false;
    const sockets = this.listeners.get(message.topic) ?? new Set();
    sockets.add(socket);
    this.listeners.set(message.topic, sockets);
    return true;
  }

  unsubscribe(socket: WebSocket, topic?: string): void {
    for (const [name, sockets] of this.listeners) {
      if (topic !== undefined && name !== topic) continue;
      sockets.delete(socket);
      if (sockets.size === 0) this.listeners.delete(name);
    }
  }
}

export async function registerRealtime(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.get(
    '/api/realtime',
    { websocket: true, config: { access: ['public'] }, schema: { hide: true } },
    (socket, request) => {
      const caller = request.auth;
      const heartbeat = setInterval(() => socket.ping(), HEARTBEAT_MS);
      // One message at a time per socket, so answers come back in the order questions were asked.
      let queue = Promise.resolve();
      const handle = async (raw: unknown) => {
        let parsed: z.infer<typeof clientMessage>;
        try {
          parsed = clientMessage.parse(JSON.parse(String(raw)));
        } catch {
          socket.send(JSON.stringify({ type: 'error', code: 'VALIDATION_FAILED' }));
          return;
        }
        if (parsed.type === 'unsubscribe') {
          hub.unsubscribe(socket, parsed.topic);
          return;
        }
        const ok = await hub.subscribe(socket, parsed, caller).catch(() => false);
        socket.send(
          JSON.stringify(
            ok
              ? { type: 'subscribed', topic: parsed.topic }
              : { type: 'error', code: 'FORBIDDEN', topic: parsed.topic },
          ),
        );
      };
      socket.on('message', (raw) => {
        queue = queue.then(() => handle(raw)).catch(() => undefined);
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        hub.unsubscribe(socket);
      });
    },
  );
}
