import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, testEngines } from '@kiosk/testkit';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(await testEngines())('jobs across a server restart on %s', (engine) => {
  it('runs a job enqueued before a restart exactly once, on the next server', async () => {
    const runs: string[] = [];
    const define = (label: string) => (app: FastifyInstance) =>
      app.kiosk.jobs.define<{ order: string }>(
        'fulfil',
        async ({ order }) => void runs.push(`${label}:${order}`),
      );

    const first = await startTestServer(engine, { prepare: define('first') });
    await first.app.kiosk.jobs.enqueue(
      first.app.kiosk.database.db,
      'fulfil',
      { order: 'A' },
      { delayMs: 400 },
    );
    await first.stop(); // before the job is due
    expect(runs).toEqual([]);

    const second = await startTestServer(engine, { database: first.database, prepare: define('second') });
    try {
      await until(() => runs.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200)); // time for a wrongful second run
      expect(runs).toEqual(['second:A']);
      const job = await second.app.kiosk.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', 'fulfil')
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'completed', attempts: 1 });
    } finally {
      await second.close();
    }
  });

  it('runs again within seconds a job that was running when the server went down', async () => {
    // SQLite keeps the node's id in its data dir; on PostgreSQL each process is given its own.
    const env: Record<string, string> = engine === 'postgres' ? { KIOSK_NODE_ID: 'node-1' } : {};
    const runs: string[] = [];
    const first = await startTestServer(engine, {
      env,
      prepare: (app) =>
        app.kiosk.jobs.define('check', async () => {
          runs.push('first');
          await new Promise(() => undefined); // cut off mid-check, as by a crash
        }),
    });
    await first.app.kiosk.jobs.enqueue(first.app.kiosk.database.db, 'check', {});
    await until(() => runs.length > 0);
    await first.stop(); // the check never finishes: its 60 s lease is left behind

    const restartedAt = Date.now();
    const second = await startTestServer(engine, {
      env,
      database: first.database,
      prepare: (app) => app.kiosk.jobs.define('check', async () => void runs.push('second')),
    });
    try {
      await until(() => runs.length > 1);
      expect(Date.now() - restartedAt).toBeLessThan(5_000);
      expect(runs).toEqual(['first', 'second']);
    } finally {
      await second.close();
    }
  });

  it('finishes a running job before the server closes', async () => {
    let finished = false;
    const server = await startTestServer(engine, {
      prepare: (app) =>
        app.kiosk.jobs.define('slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        }),
    });
    await server.app.kiosk.jobs.enqueue(server.app.kiosk.database.db, 'slow', {});
    await until(async () => {
      const job = await server.app.kiosk.database.db
        .selectFrom('jobs')
        .select('status')
        .where('name', '=', 'slow')
        .executeTakeFirst();
      return job?.status === 'running';
    });
    await server.stop();
    expect(finished).toBe(true);
    await server.database.dispose();
  });
});
