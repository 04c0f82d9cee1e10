/** How long a refused call waits for the host's fresh authToken before its refusal stands. */
export const FRESH_TOKEN_WAIT_MS = 10_000;

export interface RefreshableAuthTokenOptions {
  /** The token the host's back end minted first; none for a visitor nobody named (a donor). */
  authToken?: string;
  /**
   * Kiosk refused the current token (a call answered 401): the host fetches a fresh one from its back
   * end and hands it over with `setAuthToken`. Called once per refused token.
   */
  onAuthTokenExpired?: () => void;
  /** The transport underneath; the browser's fetch by default. */
  fetch?: typeof fetch;
  waitMs?: number;
}

export interface RefreshableAuthToken {
  /** The token every call carries from now on. */
  current(): string | undefined;
  setAuthToken(token: string): void;
  /**
   * The client's transport: a call refused with 401 while the host is asked for a fresh token waits
   * for it and is sent once more with it, so the buyer's click is not lost.
   */
  fetch: typeof fetch;
}

/** The token's query parameter, as the SDK puts it on every address (seed 000 §7). */
const TOKEN_PARAM = 'authToken';
// Parses relative addresses (a Kiosk on the page's own origin) without needing the page's location.
const RELATIVE_BASE = 'http://relative.invalid';

/**
 * The authToken of an embedded checkout, which lives 15 minutes while a buyer may take longer. The
 * server treats a lapsed token as nobody where anybody may look (the page keeps polling) and answers
 * 401 where a buyer is needed: that refusal is what asks the host for a fresh token.
 */
export function refreshableAuthToken({
  authToken,
  onAuthTokenExpired,
  fetch: send = (...args) => fetch(...args),
  waitMs = FRESH_TOKEN_WAIT_MS,
}: RefreshableAuthTokenOptions): RefreshableAuthToken {
  let current = authToken;
  // The refused token the host was asked to replace, and the fresh one the waiting calls will get.
  let asked: { refused: string; fresh: Promise<string | undefined> } | undefined;
  let answer: (token: string | undefined) => void = () => {};

  function freshTokenAfter(refused: string): Promise<string | undefined> {
    if (refused !== current) return Promise.resolve(current);
    if (!onAuthTokenExpired) return Promise.resolve(undefined);
    if (asked?.refused === refused) return asked.fresh;
    const fresh = new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => answer(undefined), waitMs);
      answer = (token) => {
        clearTimeout(timer);
        asked = undefined;
        answer = () => {};
        resolve(token);
      };
    });
    asked = { refused, fresh };
    // A host whose callback throws or rejects gave no token: the refusal stands at once.
    Promise.resolve()
      .then(onAuthTokenExpired)
      .catch(() => answer(undefined));
    return fresh;
  }

  async function fetchWithFreshToken(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const response = await send(input, init);
    if (response.status !== 401 || input instanceof Request) return response;
    const address = new URL(String(input), RELATIVE_BASE);
    const refused = address.searchParams.get(TOKEN_PARAM);
    if (refused === null) return response;
    const fresh = await freshTokenAfter(refused);
    if (fresh === undefined || fresh === refused) return response;
    address.searchParams.set(TOKEN_PARAM, fresh);
    const again = address.origin === RELATIVE_BASE ? `${address.pathname}${address.search}` : String(address);
    return send(again, init);
  }

  return {
    current: () => current,
    setAuthToken(token) {
      current = token;
      answer(token);
    },
    fetch: fetchWithFreshToken,
  };
}
