import { ApiError, createKioskClient, type KioskClient } from '@kiosk/sdk';
import { CliFailure, type CliIo } from './io.ts';

/** The store's messages in the developer's language: LC_ALL, LC_MESSAGES or LANG (zh_CN.UTF-8 → zh). */
export function languageOf(env: CliIo['env']): string {
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return tag.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * The store as the CLI speaks to it: the SDK's client, calling each route by its contract, with the
 * developer's access token (once there is one) and language on every request.
 */
export function storeClient(io: CliIo, { server, token }: { server: string; token?: string }): KioskClient {
  return createKioskClient({
    baseUrl: server,
    apiKey: token,
    params: () => ({ locale: languageOf(io.env) }),
  });
}

/** The store's refusal as the lines to print: its message and code, then one line per detail. */
export function refusalLines(refusal: ApiError): string[] {
  return [
    `kiosk: ${refusal.message} (${refusal.code})`,
    ...refusal.details.map((detail) => `  - ${detail.message || detail.path}`),
  ];
}

/** Ends the command with the store's reason when `error` is its refusal; anything else goes on. */
export function failOnRefusal(error: unknown): never {
  if (error instanceof ApiError) throw new CliFailure(refusalLines(error));
  throw error;
}

/** A call's answer; a refusal, or a store that cannot be reached, ends the command with the reason. */
export async function ask<Answer>(server: string, call: Promise<Answer>): Promise<Answer> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) throw new CliFailure(refusalLines(error));
    throw new CliFailure([`kiosk: cannot reach ${server}: ${(error as Error).message}`]);
  }
}
