import { startTestServer } from '@kiosk/testkit';
import { describe, expect, it } from 'vitest';

/** Polls `ready` until it holds (a few milliseconds apart), failing after `ms`. */
async function until(ready: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error('never became true');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('shutting down', () => {
  it('answers a request in flight, then ends its kept-alive connection instead of waiting out its keep-alive', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived = false;
    const server = await startTestServer('sqlite', {
      prepare: (app) => {
        app.get('/api/test/slow', { config: { access: ['public'] } }, async () => {
          arrived = true;
          await released;
          return { ok: true };
        });
      },
    });
    try {
      // fetch keeps its connection alive: busy when the server starts closing, idle right after.
      const answer = fetch(`${server.url}/api/test/slow`);
      await until(() => arrived);
      const stopped = server.stop().then(() => 'stopped');
      await until(() => !server.app.server.listening);
      release();
      expect((await answer).status).toBe(200);
      // Node's own close waits for that connection until its keep-alive runs out (72 s in Fastify).
      const outcome = await Promise.race([
        stopped,
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
      ]);
      expect(outcome).toBe('stopped');
    } finally {
      release();
      await server.close();
    }
  });
});
