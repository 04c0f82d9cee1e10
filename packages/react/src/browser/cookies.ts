export interface CookieOptions {
  /** Lifetime in days; without it the cookie ends with the browser session. */
  days?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Defaults to true on https pages, which SameSite=None requires. */
  secure?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (decodeURIComponent(part.slice(0, separator).trim()) === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const { days, path = '/', sameSite = 'Lax', secure = window.location.protocol === 'https:' } = options;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; SameSite=${sameSite}`;
  if (days !== undefined) cookie += `; expires=${new Date(Date.now() + days * DAY_MS).toUTCString()}`;
  if (secure) cookie += '; Secure';
  document.cookie = cookie;
}
