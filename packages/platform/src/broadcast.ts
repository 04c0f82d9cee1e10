import { afterCommit, type AnyKysely } from '@kiosk/db';
import { sql } from 'kysely';
import pg from 'pg';

/**
 * Realtime messages for every server process. A page's websocket is open on one process; the change
 * it waits for may be made by another (a job on another node settles the payment). On PostgreSQL a
 * message is a NOTIFY, sent inside the writer's transaction, so it goes out exactly when the change
 * commits, to every process that LISTENs (this one too). On SQLite there is one process: the message
 * goes to this process's listeners once the transaction commits.
 *
 * Best effort by design: a process that is reconnecting misses messages, and pages poll besides.
 */
export interface RealtimeMessage {
  topic: string;
  type: string;
  data: unknown;
}

export interface Broadcaster {
  /** Sends `message` when `executor`'s transaction commits (at once outside a transaction). */
  publish(executor: AnyKysely, message: RealtimeMessage): Promise<void>;
  /** `listener` hears every message of every process. */
  onMessage(listener: (message: RealtimeMessage) => void): void;
  close(): Promise<void>;
}

export class InProcessBroadcaster implements Broadcaster {
  private readonly listeners: ((message: RealtimeMessage) => void)[] = [];

  async publish(_executor: AnyKysely, message: RealtimeMessage): Promise<void> {
    afterCommit(() => this.deliver(message));
  }
  onMessage(listener: (message: RealtimeMessage) => void): void {
    this.listeners.push(listener);
  }
  protected deliver(message: RealtimeMessage): void {
    for (const listener of this.listeners) listener(message);
  }
  async close(): Promise<void> {}
}

export const NOTIFY_CHANNEL = 'kiosk_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
const RECONNECT_MS = 1_000;

export class PostgresBroadcaster extends InProcessBroadcaster {
  private client: pg.Client | undefined;
  private closed = false;
  private reconnect: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    super();
  }

  /** Starts listening; resolves once this process hears the channel. */
  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (notification) => {
      if (notification.channel !== NOTIFY_CHANNEL || !notification.payload) return;
      try {
        this.deliver(JSON.parse(notification.payload) as RealtimeMessage);
      } catch (error) {
        this.onError(error);
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    this.client = client;
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (error) this.onError(error);
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    const retry = () => {
      this.reconnect = undefined;
      if (!this.closed) this.listen().catch(() => (this.reconnect = setTimeout(retry, RECONNECT_MS)));
    };
    this.reconnect = setTimeout(retry, RECONNECT_MS);
  }

  override async publish(executor: AnyKysely, message: RealtimeMessage): Promise<void> {
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
      payload = JSON.stringify({ ...message, data: null } satisfies RealtimeMessage);
    await sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`.execute(executor);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    await this.client?.end().catch(() => undefined);
  }
}
