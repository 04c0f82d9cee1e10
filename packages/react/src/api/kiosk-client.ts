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
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; strings, FormData, Blob and URLSearchParams go as they are. */
  body?: unknown;
}

/** Seed 000 §7: every request carries the language, the mode and, when embedded, the authToken. */
export interface CommonParams {
  locale?: string;
  livemode?: boolean;
  authToken?: string;
}

export interface KioskClientOptions {
  /** Kiosk's address when the page lives on another origin (an embedding host); else the page's own. */
  baseUrl?: string;
  /** Read on every call, as the language and the mode change while the page lives. */
  params?: () => CommonParams;
}

export interface KioskClient {
  /** Kiosk's origin, e.g. `https://pay.example.com`. */
  readonly baseUrl: string;
  /** True when Kiosk lives on another origin than the page (cookies do not reach it; the authToken does). */
  readonly crossOrigin: boolean;
  request<T>(path: string, init?: ApiRequestInit): Promise<T>;
  /** The address of `path` with the common parameters; relative when Kiosk is the page's origin. */
  url(path: string): string;
  /** An absolute address of a Kiosk page (for links out of an embedded form). */
  pageUrl(path: string): string;
  realtimeUrl(): string;
  authToken(): string | undefined;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
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

/** The HTTP client of every Kiosk component: same-origin in the web app, base URL + authToken embedded. */
export function createKioskClient({ baseUrl, params = () => ({}) }: KioskClientOptions = {}): KioskClient {
  const origin = new URL(baseUrl ?? window.location.origin).origin;
  const crossOrigin = origin !== window.location.origin;

  const url = (path: string) => {
    const target = new URL(path, origin);
    const { locale, livemode, authToken } = params();
    const common: Record<string, string | undefined> = {
      locale,
      livemode: livemode === undefined ? undefined : String(livemode),
      authToken,
    };
    for (const [name, value] of Object.entries(common)) {
      if (value !== undefined && !target.searchParams.has(name)) target.searchParams.set(name, value);
    }
    return crossOrigin ? target.toString() : `${target.pathname}${target.search}`;
  };

  return {
    baseUrl: origin,
    crossOrigin,
    url,
    pageUrl: (path) => new URL(path, origin).toString(),
    realtimeUrl: () => `${origin.replace(/^http/, 'ws')}/api/realtime`,
    authToken: () => params().authToken,
    async request<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
      const { body, headers: givenHeaders, ...rest } = init;
      const headers = new Headers(givenHeaders);
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      let requestBody: BodyInit | undefined;
      if (body !== undefined) {
        if (isRawBody(body)) {
          requestBody = body;
        } else {
          requestBody = JSON.stringify(body);
          if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
        }
      }
      const response = await fetch(url(path), { ...rest, headers, body: requestBody });
      const responseBody = await readBody(response);
      if (!response.ok) throw toApiError(response, responseBody);
      return responseBody as T;
    },
  };
}
