import { CliFailure, type CliIo } from './io.ts';
import type { Connection } from './config.ts';

export interface ApiAnswer {
  status: number;
  /** The JSON answer (its shape is the route's, docs/identity.md and docs/store.md), or null. */
  body: unknown;
}

/** The store's error shape (ARCHITECTURE.md): a code, a message, maybe one detail per problem. */
interface ErrorAnswer {
  code?: string;
  error?: string;
  details?: { path?: string; message?: string }[];
}

/** The store's messages in the developer's language: LC_ALL, LC_MESSAGES or LANG (zh_CN.UTF-8 → zh). */
export function languageOf(env: CliIo['env']): string {
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return tag.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function apiHeaders(io: CliIo, connection: Connection): Record<string, string> {
  return { authorization: `Bearer ${connection.token}`, 'accept-language': languageOf(io.env) };
}

/** A JSON call to the store as the token's developer. */
export async function callApi(io: CliIo, connection: Connection, path: string): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(`${connection.server}${path}`, { headers: apiHeaders(io, connection) });
  } catch (error) {
    throw new CliFailure([`kiosk: cannot reach ${connection.server}: ${(error as Error).message}`]);
  }
  const text = await response.text();
  return { status: response.status, body: parseJson(text) };
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { error: text };
  }
}

/** The store's refusal as the lines to print: its message, then one line per detail. */
export function refusalLines(answer: ApiAnswer): string[] {
  const body = (answer.body ?? {}) as ErrorAnswer;
  const head = `kiosk: ${body.error ?? `the store answered ${answer.status}`}${body.code ? ` (${body.code})` : ''}`;
  const details = Array.isArray(body.details) ? body.details : [];
  return [head, ...details.map((d) => `  - ${d.message ?? d.path}`)];
}
