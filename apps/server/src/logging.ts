import type { LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** Query parameters and headers that carry credentials; they never reach a log line. */
const SECRET_PARAMS = /^(authToken|token|access_token|api_key|key|secret|session|signature|nonce)$/i;

export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) if (SECRET_PARAMS.test(name)) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        id: request.id,
        method: request.method,
        url: redactQuery(request.url),
        ip: request.ip,
      }),
    },
  };
}
