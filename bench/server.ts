/**
 * The server under measurement, in its own process so the load generator does not share its event
 * loop. Adds a bare route (no database, no work) that later figures are compared with.
 */
import { startTestServer } from '@kiosk/server/testing';

const server = await startTestServer('sqlite', {
  prepare(app) {
    app.get('/bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
  },
});
process.send?.({ url: server.url });
process.on('message', async (message) => {
  if (message === 'stop') {
    await server.close();
    process.exit(0);
  }
});
