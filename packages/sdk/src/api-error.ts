export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** A non-2xx answer from the Kiosk API, carrying the server's machine code and human message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  /** The answer's body as it came, for an answer without Kiosk's error shape. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = [], body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }

  /** The error an answer stands for; Kiosk's `{ code, error, details }` when the body has it. */
  static of(response: { status: number; statusText?: string }, body: unknown): ApiError {
    const shaped = (typeof body === 'object' && body !== null ? body : {}) as {
      code?: unknown;
      error?: unknown;
      details?: unknown;
    };
    const code = typeof shaped.code === 'string' ? shaped.code : `HTTP_${response.status}`;
    const message =
      typeof shaped.error === 'string' ? shaped.error : response.statusText || `HTTP ${response.status}`;
    const details = Array.isArray(shaped.details) ? (shaped.details as ApiErrorDetail[]) : [];
    return new ApiError(response.status, code, message, details, body);
  }
}
