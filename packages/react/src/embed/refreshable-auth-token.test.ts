import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshableAuthToken } from './refreshable-auth-token.ts';

/** A Kiosk that accepts only `good` tokens, recording the addresses it was called at. */
function kiosk() {
  const calls: string[] = [];
  const send = vi.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const token = new URL(String(input), 'http://kiosk.test').searchParams.get('authToken') ?? '';
    return new Response('{}', { status: token.startsWith('good') ? 200 : 401 });
  });
  return { calls, send: send as unknown as typeof fetch };
}

afterEach(() => vi.useRealTimers());

describe("an embedded checkout's authToken", () => {
  it('sends a refused call again with the fresh token the host hands over, and asks once for many', async () => {
    const { calls, send } = kiosk();
    const onAuthTokenExpired = vi.fn(() => setTimeout(() => token.setAuthToken('good-2'), 5));
    const token = refreshableAuthToken({ authToken: 'lapsed', onAuthTokenExpired, fetch: send });

    const answers = await Promise.all([
      token.fetch('https://kiosk.test/api/checkout-sessions/cs_1/submit?locale=en&authToken=lapsed'),
      token.fetch('/api/customers/me?authToken=lapsed'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(onAuthTokenExpired).toHaveBeenCalledTimes(1);
    expect(token.current()).toBe('good-2');
    expect(calls.slice(2)).toEqual([
      'https://kiosk.test/api/checkout-sessions/cs_1/submit?locale=en&authToken=good-2',
      '/api/customers/me?authToken=good-2',
    ]);
  });

  it('lets the refusal stand when the host hands nothing over in time, and asks again at the next one', async () => {
    vi.useFakeTimers();
    const { send } = kiosk();
    const onAuthTokenExpired = vi.fn();
    const token = refreshableAuthToken({
      authToken: 'lapsed',
      onAuthTokenExpired,
      fetch: send,
      waitMs: 1_000,
    });

    const refused = token.fetch('/api/customers/me?authToken=lapsed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await refused).status).toBe(401);
    const again = token.fetch('/api/customers/me?authToken=lapsed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await again).status).toBe(401);
    expect(onAuthTokenExpired).toHaveBeenCalledTimes(2);
  });

  it('answers a 401 as it came without a host callback, or when the call carried no token', async () => {
    const { send } = kiosk();
    const token = refreshableAuthToken({ authToken: 'lapsed', fetch: send });
    expect((await token.fetch('/api/customers/me?authToken=lapsed')).status).toBe(401);
    const asked = vi.fn();
    const tokenless = refreshableAuthToken({ authToken: 'lapsed', onAuthTokenExpired: asked, fetch: send });
    expect((await tokenless.fetch('/api/session')).status).toBe(401);
    expect(asked).not.toHaveBeenCalled();
  });

  it('sends a call refused with a token the host already replaced again with the newer one, without asking', async () => {
    const { calls, send } = kiosk();
    const asked = vi.fn();
    const token = refreshableAuthToken({ authToken: 'old', onAuthTokenExpired: asked, fetch: send });
    const answer = token.fetch('/api/customers/me?authToken=old');
    token.setAuthToken('good-new');
    expect((await answer).status).toBe(200);
    expect(asked).not.toHaveBeenCalled();
    expect(calls).toEqual(['/api/customers/me?authToken=old', '/api/customers/me?authToken=good-new']);
  });
});
