import { randomToken, newId } from '@kiosk/core';
import type { Kysely } from 'kysely';
import type { AnyKysely, Database } from './database.ts';
import type { JobsTables } from './jobs-schema.ts';
import type { EnqueueOptions, JobHandler, JobOptions, JobRunnerOptions } from './job-options.ts';
import { afterCommit, outsideUnitOfWork } from './unit-of-work.ts';

export type * from './job-options.ts';

/**
 * A durable job runner over the `jobs` table, one implementation for both engines:
 * - `enqueue` takes the caller's transaction, so a rolled-back transaction leaves no job;
 * - a claimed job holds a lease; if its worker dies the lease runs out and another worker takes it,
 *   so jobs survive restarts and crashes (handlers must therefore be idempotent: at-least-once);
 * - a runner given a node id frees at its first poll the leases its node held before it started
 *   again: their holder is gone, so they run within seconds of a restart, not when the lease ends;
 * - one worker holds a job at a time (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: its single writer);
 * - failures retry with exponential backoff (`backoffMs * 2^(attempt-1)`) up to `maxAttempts`;
 * - recurring schedules enqueue one job per slot, deduplicated by key across processes.
 */

const DEFAULTS = { maxAttempts: 5, backoffMs: 1_000, leaseMs: 60_000, concurrency: Infinity };
const MAX_BACKOFF_MS = 60 * 60 * 1_000;

interface Definition {
  handler: JobHandler<unknown>;
  options: Required<JobOptions>;
}

type JobRow = JobsTables['jobs'];

export function backoffDelay(baseMs: number, attempt: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

export class JobRunner {
  /** This runner, named after its node when it has one (`node-1/worker_…`): leases say who holds them. */
  readonly workerId: string;
  readonly nodeId: string | undefined;
  private readonly definitions = new Map<string, Definition>();
  private readonly running = new Set<Promise<void>>();
  /** How many of each kind run now (for kinds with their own concurrency). */
  private readonly runningByName = new Map<string, number>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | undefined;
  /** Whether the last poll found due jobs, or had no room to look: then a freed slot looks at once. */
  private foundDue = false;
  /** A slot freed while a poll ran (which claimed without it): poll again once that one ends. */
  private pollAgain = false;
  private freedEarlierLeases = false;
  private abort = new AbortController();
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.concurrency = options.concurrency ?? 4;
    this.now = options.now ?? Date.now;
    this.nodeId = options.nodeId;
    if (this.nodeId !== undefined && !/^[^/]+$/.test(this.nodeId))
      throw new Error(`a job node id must not hold "/": ${JSON.stringify(this.nodeId)}`);
    const worker = `worker_${randomToken(12)}`;
    this.workerId = this.nodeId === undefined ? worker : `${this.nodeId}/${worker}`;
  }

  private get db(): Kysely<JobsTables> {
    return this.database.db as Kysely<JobsTables>;
  }

  define<P>(name: string, handler: JobHandler<P>, options: JobOptions = {}): void {
    if (this.definitions.has(name)) throw new Error(`job ${name} is defined twice`);
    this.definitions.set(name, {
      handler: handler as JobHandler<unknown>,
      options: { ...DEFAULTS, ...options },
    });
  }

  /** Adds a job; pass the caller's transaction so the job exists only if it commits. */
  async enqueue<P>(
    executor: AnyKysely,
    name: string,
    payload: P,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const defaults = this.definitions.get(name)?.options ?? DEFAULTS;
    const now = this.now();
    const id = newId('job');
    const inserted = await (executor as Kysely<JobsTables>)
      .insertInto('jobs')
      .values({
        id,
        name,
        payload: JSON.stringify(payload ?? null),
        key: options.key ?? null,
        status: 'queued',
        run_at: options.runAt ?? now + (options.delayMs ?? 0),
        attempts: 0,
        max_attempts: options.maxAttempts ?? defaults.maxAttempts,
        backoff_ms: options.backoffMs ?? defaults.backoffMs,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['name', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  /** Runs `jobName` every `everyMs`; calling again with the same name updates the schedule. */
  async schedule(name: string, jobName: string, everyMs: number, payload: unknown = null): Promise<void> {
    const values = { job_name: jobName, payload: JSON.stringify(payload), every_ms: everyMs };
    await this.db
      .insertInto('job_schedules')
      .values({ name, ...values, next_run_at: this.now() })
      .onConflict((oc) => oc.column('name').doUpdateSet(values))
      .execute();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.abort = new AbortController();
    outsideUnitOfWork(() => this.loop());
  }

  /**
   * Stops claiming and waits up to `graceMs` for running jobs; then signals them to abort and returns.
   * A job cut off this way keeps its lease until it expires, and then another worker runs it again,
   * or until a runner of the same node starts again.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.ticking;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.running]), grace]);
    clearTimeout(timer);
    this.abort.abort();
  }

  /**
   * Polls now instead of at the next interval — once the caller's unit of work has committed (before,
   * the new job is not there to be seen), and outside it (the runner's queries must not join it).
   */
  wake(): void {
    afterCommit(() =>
      outsideUnitOfWork(() => {
        if (!this.started) return;
        clearTimeout(this.timer);
        this.loop();
      }),
    );
  }

  /**
   * Deletes completed and failed jobs last touched before `beforeMs`, answering how many. Their keys
   * go with them, so a key deduplicates only while its job is recent.
   */
  async pruneFinished(beforeMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['completed', 'failed'])
      .where('updated_at', '<', beforeMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private loop(): void {
    // A wake during a poll shares that poll, and each would set a timer: one chain of polls is kept
    // (the other timer cleared), and a timer that outlived stop() polls nothing.
    if (!this.started) return;
    void this.tick()
      .catch((error) => this.options.onError?.(error, { id: '', name: '(poll)', attempt: 0 }))
      .finally(() => {
        clearTimeout(this.timer);
        if (!this.started) return;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.loop();
        } else this.timer = setTimeout(() => this.loop(), this.pollMs);
      });
  }

  /** One poll: fires due schedules and starts due jobs. Answers how many jobs it started. */
  tick(): Promise<number> {
    this.ticking ??= (async () => {
      try {
        if (!this.freedEarlierLeases) {
          await this.freeEarlierLeases();
          this.freedEarlierLeases = true;
        }
        await this.fireSchedules();
        const jobs = await this.claim(this.concurrency - this.running.size);
        for (const job of jobs) this.track(this.execute(job));
        return jobs.length;
      } finally {
        this.ticking = undefined;
      }
    })();
    return this.ticking;
  }

  /** Resolves when no job is running (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private track(work: Promise<void>): void {
    const run = work
      .catch((error) => this.options.onError?.(error, { id: '', name: '(settle)', attempt: 0 }))
      .finally(() => {
        this.running.delete(run);
        // More may be due: the freed slot looks now, so a long queue (a webhook burst) drains.
        if (!this.foundDue) return;
        if (this.ticking) this.pollAgain = true;
        else this.loop();
      });
    this.running.add(run);
  }

  private async fireSchedules(): Promise<void> {
    const now = this.now();
    const due = await this.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('next_run_at', '<=', now)
      .execute();
    for (const schedule of due) {
      await this.db.transaction().execute(async (trx) => {
        // Compare-and-set on next_run_at: of several processes, one advances the slot and enqueues.
        const next = Math.max(schedule.next_run_at + schedule.every_ms, now);
        const advanced = await trx
          .updateTable('job_schedules')
          .set({ next_run_at: next })
          .where('name', '=', schedule.name)
          .where('next_run_at', '=', schedule.next_run_at)
          .executeTakeFirst();
        if (advanced.numUpdatedRows === 0n) return;
        await this.enqueue(trx, schedule.job_name, JSON.parse(schedule.payload), {
          key: `schedule:${schedule.name}:${schedule.next_run_at}`,
        });
      });
    }
  }

  /**
   * Frees the jobs this runner's node held before it started (a node id is one live process's): they
   * are due again now, this attempt counted, and their old holder can no longer settle them.
   */
  private async freeEarlierLeases(): Promise<void> {
    if (this.nodeId === undefined) return;
    const ofThisNode = `${this.nodeId}/`;
    await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        locked_by: null,
        locked_until: null,
        last_error: 'its node stopped while it ran',
        updated_at: this.now(),
      })
      .where('status', '=', 'running')
      .where((eb) =>
        eb(eb.fn('substr', ['locked_by', eb.lit(1), eb.lit(ofThisNode.length)]), '=', ofThisNode),
      )
      .where('locked_by', '<>', this.workerId)
      .execute();
  }

  /** Up to `limit` due jobs: of the unlimited kinds first, then of each limited kind as it has room. */
  private async claim(limit: number): Promise<JobRow[]> {
    const names = [...this.definitions.keys()];
    const limitOf = (name: string) => this.definitions.get(name)!.options.concurrency;
    const claimed = await this.claimOf(
      names.filter((name) => limitOf(name) === Infinity),
      limit,
    );
    // A kind with no room now may have due jobs all the same: looked for again when a slot frees.
    let full = limit <= 0;
    for (const name of names.filter((candidate) => limitOf(candidate) !== Infinity)) {
      const room = Math.min(limit - claimed.length, limitOf(name) - (this.runningByName.get(name) ?? 0));
      if (room > 0) claimed.push(...(await this.claimOf([name], room)));
      else full = true;
    }
    this.foundDue = claimed.length > 0 || full;
    return claimed;
  }

  private async claimOf(names: string[], limit: number): Promise<JobRow[]> {
    if (limit <= 0 || names.length === 0) return [];
    const now = this.now();
    let due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          // The holder of an expired lease is gone: its job is free again.
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_at')
      .limit(limit);
    if (this.database.engine === 'postgres') due = due.forUpdate().skipLocked();

    const leaseMs = Math.max(...names.map((n) => this.definitions.get(n)!.options.leaseMs));
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: this.workerId,
        locked_until: now + leaseMs,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  private async execute(job: JobRow): Promise<void> {
    this.runningByName.set(job.name, (this.runningByName.get(job.name) ?? 0) + 1);
    try {
      await this.run(job);
    } finally {
      this.runningByName.set(job.name, this.runningByName.get(job.name)! - 1);
    }
  }

  private async run(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.name)!;
    if (job.attempts > job.max_attempts) {
      await this.finish(job, { status: 'failed', last_error: 'lease expired on the last attempt' });
      return;
    }
    const signal = this.abort.signal;
    const renew = setInterval(() => {
      this.renewLease(job, definition.options.leaseMs).catch((error) =>
        this.options.onError?.(error, { id: job.id, name: job.name, attempt: job.attempts }),
      );
    }, definition.options.leaseMs / 2);
    // A job cut off by stop() stops renewing, so its lease runs out and another worker can take it.
    const stopRenewing = () => clearInterval(renew);
    signal.addEventListener('abort', stopRenewing, { once: true });
    try {
      await definition.handler(JSON.parse(job.payload), {
        id: job.id,
        name: job.name,
        attempt: job.attempts,
        signal,
      });
      await this.finish(job, { status: 'completed', last_error: null });
    } catch (error) {
      this.options.onError?.(error, { id: job.id, name: job.name, attempt: job.attempts });
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= job.max_attempts) {
        await this.finish(job, { status: 'failed', last_error: message });
      } else {
        await this.finish(job, {
          status: 'queued',
          last_error: message,
          run_at: this.now() + backoffDelay(job.backoff_ms, job.attempts),
        });
      }
    } finally {
      clearInterval(renew);
      signal.removeEventListener('abort', stopRenewing);
    }
  }

  private async renewLease(job: JobRow, leaseMs: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ locked_until: this.now() + leaseMs })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.workerId)
      .execute();
  }

  /** Only the lease holder may settle a job (another worker may have taken over an expired lease). */
  private async finish(
    job: JobRow,
    change: Pick<JobRow, 'status' | 'last_error'> & { run_at?: number },
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ ...change, locked_by: null, locked_until: null, updated_at: this.now() })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.workerId)
      .where('attempts', '=', job.attempts)
      .execute();
  }
}
