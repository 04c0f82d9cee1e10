import type { Database, JobRunner } from '@kiosk/db';

/** What the payments module needs from the server. */
export interface PaymentsContext {
  database: Database;
  jobs: JobRunner;
  baseUrl: string;
  /** Pushes an event to pages listening on the realtime socket. */
  publish(topic: string, type: string, data: unknown): void;
  /** The demo's built-in test wallet may pay (never in production). */
  testWallet: boolean;
  /** Decides who may listen to topics starting with `prefix`. */
  authorizeTopic(prefix: string, authorize: (topic: string) => Promise<boolean>): void;
}
