import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A chain's JSON-RPC endpoint that a test can take down: while down, every connection is cut before
 * an answer (what a crashed node or a network outage looks like to a client).
 */
export async function rpcProxy(target: string) {
  const upstream = new URL(target);
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, outgoing) => {
    if (down) return void incoming.socket.destroy();
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: upstream.pathname,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => incoming.socket.destroy());
    incoming.pipe(forwarded);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
