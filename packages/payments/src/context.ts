import type { Database, JobRunner } from '@kiosk/db';
import type { ConnectAction } from '@kiosk/identity';

/** What the payments module needs from the server. */
export interface PaymentsContext {
  database: Database;
  jobs: JobRunner;
  baseUrl: string;
  /** Pushes an event to pages listening on the realtime socket. */
  publish(topic: string, type: string, data: unknown): void;
  /** Decides who may listen to topics starting with `prefix`. */
  authorizeTopic(prefix: string, authorize: (topic: string) => Promise<boolean>): void;
  /** Adds an action pages can ask a wallet to do through a connect session (`/api/did/{name}/…`). */
  registerConnectAction(name: string, action: ConnectAction): void;
}
