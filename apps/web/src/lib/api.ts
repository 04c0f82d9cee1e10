import { appI18n, currentLocale } from '../i18n.ts';
import { getAuthToken } from './auth-token.ts';
import { getLivemode } from './livemode.ts';

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

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; strings, FormData, Blob and URLSearchParams go as they are. */
  body?: unknown;
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

/** The request URL with the parameters every Kiosk call carries; ones the caller set stay as given. */
export function apiUrl(path: string): string {
  const url = new URL(path, window.location.origin);
  const params: Record<string, string | undefined> = {
    locale: currentLocale(appI18n),
    livemode: String(getLivemode()),
    authToken: getAuthToken(),
  };
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && !url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
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
  return new ApiError(response.status, code, message, details);
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
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

  const response = await fetch(apiUrl(path), { ...rest, headers, body: requestBody });
  const responseBody = await readBody(response);
  if (!response.ok) throw toApiError(response, responseBody);
  return responseBody as T;
}
