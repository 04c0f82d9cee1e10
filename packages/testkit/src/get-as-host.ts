import { request } from 'node:http';

export interface HostAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A GET of `url` sent to the test server as the host `url` names: for another origin the server
 * answers on (the apps origin's `apps.localhost`, which only browsers resolve). fetch cannot: Host
 * is a header it sets itself.
 */
export function getAsHost(serverUrl: string, url: string): Promise<HostAnswer> {
  const target = new URL(url);
  const server = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: server.hostname,
        port: server.port,
        path: target.pathname + target.search,
        headers: { host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode!,
            headers: answer.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}
