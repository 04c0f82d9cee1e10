/** Seed 001 §8 connect errors, as codes the dialog has texts for (`connect.error.{code}`). */
export const CONNECT_ERROR = {
  invalidSession: 'INVALID_SESSION',
  sessionNotFound: 'SESSION_NOT_FOUND',
  connection: 'CONNECTION_ERROR',
} as const;

/** The HTTP status an injected call failed with, when its error says (Kiosk's ApiError does). */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * How a failed status call reads: the session is gone, the server refuses it, or the network failed
 * (which may pass, so only that one lets polling go on).
 */
export function classifyStatusCallError(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 404 || status === 410) return CONNECT_ERROR.sessionNotFound;
  if (status === 400 || status === 401 || status === 403) return CONNECT_ERROR.invalidSession;
  return CONNECT_ERROR.connection;
}

/**
 * The i18n keys to try for a failure code, best first: the dialog's own text, then the API's text of
 * the same code (a wallet's refusal carries the server's codes), then a generic one. The dialog's own
 * text wins where the API's needs parameters a bare status code does not bring.
 */
export function connectErrorKeys(code: string | null | undefined): string[] {
  const fallback = 'connect.error.unknown';
  return code ? [`connect.error.${code}`, `error.${code}`, fallback] : [fallback];
}
