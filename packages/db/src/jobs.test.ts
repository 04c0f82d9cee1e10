import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { transaction } from './unit-of-work.ts';
import { jobsMigrations, type JobsTables } from './jobs-schema.ts';
import { JobRunner, backoffDelay } from './jobs.ts';
import { migrateToLatest } from './migrations.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';
import type { Kysely } from 'kysely';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(await testEngines())('job runner on %s', (engine) => {
  let test: TestDatabase;
  let database: Database;
  const runners: JobRunner[] = [];
  const jobsTable = () => (database.db as Kysely<JobsTables>).selectFrom('jobs').selectAll();

  async function setup() {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    await migrateToLatest(database, [jobsMigrations]);
  }
  function runner(options: ConstructorParameters<typeof JobRunner>[1] = {}) {
    const created = new JobRunner(database, { pollMs: 10, ...options });
    runners.push(created);
    return created;
  }

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop(100)));
    await database?.close();
    await test?.dispose();
  });

  it('never runs a job enqueued in a rolled-back transaction', async () => {
    await setup();
    const jobs = runner();
    const ran: string[] = [];
    jobs.define<{ n: string }>('note', async ({ n }) => void ran.push(n));

    await expect(
      transaction(database.db, async (trx) => {
        await jobs.enqueue(trx, 'note', { n: 'rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await transaction(database.db, (trx) => jobs.enqueue(trx, 'note', { n: 'committed' }));

    jobs.start();
    await until(() => ran.length === 1);
    await jobs.stop();
    expect(ran).toEqual(['committed']);
    expect(await jobsTable().execute()).toHaveLength(1);
  });

  it('retries a failing job with exponential backoff, then completes', async () => {
    await setup();
    const jobs = runner();
    const attempts: { attempt: number; at: number }[] = [];
    jobs.define(
      'flaky',
      async (_payload, { attempt }) => {
        attempts.push({ attempt, at: Date.now() });
        if (attempt < 3) throw new Error(`failure ${attempt}`);
      },
      { backoffMs: 100 },
    );
    await jobs.enqueue(database.db, 'flaky', {});
    jobs.start();
    await until(async () => (await jobsTable().executeTakeFirst())?.status === 'completed');

    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(100);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(200);
    const row = await jobsTable().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, last_error: null, locked_by: null });
  });

  it('gives up after maxAttempts and keeps the last error', async () => {
    await setup();
    const jobs = runner();
    let runs = 0;
    jobs.define(
      'doomed',
      async () => {
        runs++;
        throw new Error('always broken');
      },
      { backoffMs: 1, maxAttempts: 3 },
    );
    await jobs.enqueue(database.db, 'doomed', {});
    jobs.start();
    await until(async () => (await jobsTable().executeTakeFirst())?.status === 'failed');
    expect(runs).toBe(3);
    expect(await jobsTable().executeTakeFirst()).toMatchObject({ attempts: 3, last_error: 'always broken' });
  });

  it('waits for run_at before running a job', async () => {
    await setup();
    const jobs = runner();
    let ranAt = 0;
    jobs.define('later', async () => void (ranAt = Date.now()));
    const enqueuedAt = Date.now();
    await jobs.enqueue(database.db, 'later', {}, { delayMs: 300 });
    jobs.start();
    await until(() => ranAt > 0);
    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(300);
  });

  it('creates one job per name and key', async () => {
    await setup();
    const jobs = runner();
    const first = await jobs.enqueue(database.db, 'expire', { id: 'cs_1' }, { key: 'cs_1' });
    const again = await jobs.enqueue(database.db, 'expire', { id: 'cs_1' }, { key: 'cs_1' });
    expect(first).toMatch(/^job_/);
    expect(again).toBeNull();
    expect(await jobsTable().execute()).toHaveLength(1);
  });

  it('prunes finished jobs older than the cutoff, freeing their keys', async () => {
    await setup();
    let now = 1_000_000;
    const jobs = runner({ now: () => now });
    jobs.define('note', async () => undefined);
    await jobs.enqueue(database.db, 'note', null, { key: 'once' });
    jobs.start();
    await until(async () => (await jobsTable().where('status', '=', 'completed').execute()).length === 1);
    await jobs.enqueue(database.db, 'note', null, { key: 'waiting', delayMs: 60_000 });
    expect(await jobs.pruneFinished(now)).toBe(0);
    now += 1;
    expect(await jobs.pruneFinished(now)).toBe(1);
    expect((await jobsTable().execute()).map((j) => j.key)).toEqual(['waiting']);
    expect(await jobs.enqueue(database.db, 'note', null, { key: 'once' })).toMatch(/^job_/);
  });

  it('woken inside a unit of work, looks for jobs once it commits, outside it', async () => {
    await setup();
    const jobs = runner({ pollMs: 60_000 });
    const ran: string[] = [];
    jobs.define('note', async () => void ran.push('ran'));
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await transaction(database.db, async (trx) => {
      await jobs.enqueue(trx, 'note', null);
      jobs.wake();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(ran).toEqual([]);
    });
    await until(() => ran.length === 1);
  });

  it.each([
    ['its own slots', { concurrency: 2 }, {}],
    ["its kind's slots", {}, { concurrency: 2 }],
  ])('drains a queue longer than %s back to back, not one batch per poll', async (_, own, kind) => {
    await setup();
    // A poll a minute: only claiming again as slots free up can run 20 jobs in the time allowed.
    const jobs = runner({ pollMs: 60_000, ...own });
    const ran: number[] = [];
    jobs.define<{ n: number }>('note', async ({ n }) => void ran.push(n), kind);
    await transaction(database.db, async (trx) => {
      for (let n = 0; n < 20; n++) await jobs.enqueue(trx, 'note', { n });
    });
    jobs.start();
    await until(() => ran.length === 20, 3_000);
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('once stopped, polls no more, though it was woken while a poll ran', async () => {
    await setup();
    const jobs = runner({ pollMs: 5 });
    const ran: string[] = [];
    jobs.define('note', async () => void ran.push('ran'));
    jobs.start();
    // Woken again and again, some wakes land while a poll is running.
    for (let i = 0; i < 40; i++) {
      jobs.wake();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await jobs.stop();
    await jobs.enqueue(database.db, 'note', null);
    // Nothing to poll for: a stopped runner is silent, so only a while can show it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual([]);
  });

  it('holds a job kind to its own concurrency: slow ones never take every slot from the others', async () => {
    await setup();
    const worker = runner({ concurrency: 4 });
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    let slowRunning = 0;
    let slowMost = 0;
    worker.define(
      'slow',
      async () => {
        slowRunning += 1;
        slowMost = Math.max(slowMost, slowRunning);
        await hung;
        slowRunning -= 1;
      },
      { concurrency: 2 },
    );
    const fast: number[] = [];
    worker.define<{ n: number }>('fast', async ({ n }) => void fast.push(n));
    for (let n = 0; n < 6; n++) await worker.enqueue(database.db, 'slow', { n });
    for (let n = 0; n < 5; n++) await worker.enqueue(database.db, 'fast', { n });
    worker.start();
    // Six slow jobs hang: two run, and the fast ones all go through the other slots meanwhile.
    await until(() => fast.length === 5 && slowRunning === 2);
    // Two more polls: still two.
    await worker.tick();
    await worker.tick();
    expect(slowMost).toBe(2);
    release();
    await until(async () => (await jobsTable().where('status', '=', 'completed').execute()).length === 11);
    expect(slowMost).toBe(2);
  });

  it('hands each job to exactly one of several competing workers', async () => {
    await setup();
    const ran: number[] = [];
    const workers = [runner({ concurrency: 3 }), runner({ concurrency: 3 })];
    for (const worker of workers) {
      worker.define<{ n: number }>('count', async ({ n }) => {
        ran.push(n);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    }
    for (let n = 0; n < 40; n++) await workers[0]!.enqueue(database.db, 'count', { n });
    workers.forEach((w) => w.start());
    await until(() => ran.length >= 40, 10_000);
    await Promise.all(workers.map((w) => w.stop()));
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('takes over a job whose worker died holding it, once its lease ran out', async () => {
    await setup();
    let clock = Date.now();
    const dead = runner({ now: () => clock });
    dead.define('work', () => new Promise<void>(() => undefined), { leaseMs: 1_000 }); // hangs forever
    await dead.enqueue(database.db, 'work', {});
    expect(await dead.tick()).toBe(1);

    const survivor = runner({ now: () => clock });
    const ran: number[] = [];
    survivor.define('work', async (_p, { attempt }) => void ran.push(attempt), { leaseMs: 1_000 });
    expect(await survivor.tick()).toBe(0); // the lease still holds
    clock += 1_001;
    expect(await survivor.tick()).toBe(1);
    await survivor.idle();
    expect(ran).toEqual([2]);
    expect(await jobsTable().executeTakeFirst()).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it("runs at once, on a restart, the jobs its own node held when it crashed; never a live node's", async () => {
    await setup();
    const hang = () => new Promise<void>(() => undefined); // a worker that died mid-job never returns
    const crashed = runner({ nodeId: 'node-a' });
    crashed.define('check', hang);
    const live = runner({ nodeId: 'node-b' });
    live.define('check', hang);
    const ownJob = await crashed.enqueue(database.db, 'check', { of: 'a' });
    expect(await crashed.tick()).toBe(1);
    const liveJob = await live.enqueue(database.db, 'check', { of: 'b' });
    expect(await live.tick()).toBe(1);

    // The same node starts again (its data dir, or its KIOSK_NODE_ID), long before the 60 s lease ends.
    const restarted = runner({ nodeId: 'node-a' });
    const ran: { of: string; attempt: number }[] = [];
    restarted.define<{ of: string }>('check', async ({ of }, { attempt }) => void ran.push({ of, attempt }));
    const startedAt = Date.now();
    restarted.start();
    await until(() => ran.length > 0, 3_000);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    await new Promise((resolve) => setTimeout(resolve, 100)); // time to wrongly take the live one
    expect(ran).toEqual([{ of: 'a', attempt: 2 }]);
    const rows = await jobsTable().orderBy('id').execute();
    expect(rows.find((r) => r.id === ownJob)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(rows.find((r) => r.id === liveJob)).toMatchObject({ status: 'running', attempts: 1 });

    // Another node starting, and a runner with no node id, leave the live node's lease alone too.
    for (const other of [runner({ nodeId: 'node-c' }), runner()]) {
      other.define('check', async () => void ran.push({ of: 'other', attempt: 0 }));
      expect(await other.tick()).toBe(0);
    }
    expect(ran).toHaveLength(1);
  });

  it('runs a recurring schedule once per slot across workers', async () => {
    await setup();
    let clock = 1_000_000;
    const a = runner({ now: () => clock });
    const b = runner({ now: () => clock });
    const ran: string[] = [];
    for (const [name, worker] of [
      ['a', a],
      ['b', b],
    ] as const) {
      worker.define('sweep', async () => void ran.push(name));
    }
    await a.schedule('sweeper', 'sweep', 60_000);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.idle(), b.idle()]);
    expect(ran).toHaveLength(1);

    clock += 30_000;
    await Promise.all([a.tick(), b.tick()]);
    expect(ran).toHaveLength(1);

    clock += 30_000;
    await a.tick();
    await b.tick();
    await Promise.all([a.idle(), b.idle()]);
    expect(ran).toHaveLength(2);
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt and caps at an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(1_000, n))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(1_000, 40)).toBe(3_600_000);
  });
});
