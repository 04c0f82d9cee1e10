import type { Server } from 'node:http';

/** How often a closing server looks for connections that have just gone idle. */
const IDLE_CHECK_MS = 25;

/**
 * Node's `server.close()` ends the connections idle at that moment and waits for the others until
 * their keep-alive runs out (72 s under Fastify), so one request in flight at shutdown held the
 * process that long. While closing, each connection is ended as soon as its answer is out, and every
 * one left when the grace period ends. Answers the function that stops it (once closed).
 */
export function drainConnections(server: Server, graceMs: number): () => void {
  const idle = setInterval(() => server.closeIdleConnections(), IDLE_CHECK_MS);
  const rest = setTimeout(() => server.closeAllConnections(), graceMs);
  idle.unref();
  rest.unref();
  return () => {
    clearInterval(idle);
    clearTimeout(rest);
  };
}
