/** What a job is handed, and the options of jobs, their enqueueing and the runner (jobs.ts). */

export interface JobContext {
  id: string;
  name: string;
  /** 1 for the first run. */
  attempt: number;
  /** Aborted when the runner stops. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface JobOptions {
  maxAttempts?: number;
  backoffMs?: number;
  /** How long a worker may hold a job before others consider it dead; renewed while it runs. */
  leaseMs?: number;
  /**
   * At most this many of this kind run at once in a runner (unlimited: the runner's own limit). A
   * kind that waits on remotes (a webhook receiver answering in 10 s) then never takes every slot
   * from the others (billing): those are claimed first, this kind only into what is left.
   */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** Unix milliseconds; defaults to now. */
  runAt?: number;
  delayMs?: number;
  /** A second job with the same name and key is not created (enqueue answers null). */
  key?: string;
  maxAttempts?: number;
  backoffMs?: number;
}

export interface JobRunnerOptions {
  /**
   * Which node this runner is, the same across its restarts and held by one live process at a time
   * (SQLite: kept in the data dir; PostgreSQL with several processes: each its own). Starting, the
   * runner frees the leases its node held before, and no other's. Unset, it knows no earlier run.
   */
  nodeId?: string;
  pollMs?: number;
  concurrency?: number;
  onError?: (error: unknown, job: { id: string; name: string; attempt: number }) => void;
  now?: () => number;
}
