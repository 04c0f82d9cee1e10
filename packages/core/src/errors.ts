/**
 * The one error type of Kiosk: a machine `code` (also the i18n key `error.{code}`), the HTTP status it
 * answers with, message parameters and optional per-field details. The server turns it into
 * `{ code, error, details? }` in the caller's language.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

const STATUS_BY_CODE: Record<string, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface KioskErrorOptions {
  status?: number;
  params?: Record<string, string | number>;
  details?: ErrorDetail[];
  cause?: unknown;
}

export class KioskError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params: Record<string, string | number>;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: string, options: KioskErrorOptions = {}) {
    super(code, { cause: options.cause });
    this.name = 'KioskError';
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE[code] ?? 400;
    this.params = options.params ?? {};
    this.details = options.details;
  }
}

export function isKioskError(error: unknown): error is KioskError {
  return error instanceof KioskError;
}

/** The wire shape of every failure. */
export interface ErrorBody {
  code: string;
  error: string;
  details?: ErrorDetail[];
}
