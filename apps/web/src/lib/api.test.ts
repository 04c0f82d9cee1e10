import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appI18n } from '../i18n.ts';
import { ApiError } from '@kiosk/sdk';
import { kioskClient } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function requestedUrl(call = 0): URL {
  return new URL(String(fetchMock.mock.calls[call]![0]), window.location.origin);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  await appI18n.changeLanguage('en');
});

describe("the web app's client", () => {
  it('adds the current locale and livemode to every request', async () => {
    await appI18n.changeLanguage('zh');
    window.localStorage.setItem('livemode', 'false');

    await expect(kioskClient.call('GET /api/api-keys', { query: { page: 2 } })).resolves.toEqual({
      ok: true,
    });

    const url = requestedUrl();
    expect(url.pathname).toBe('/api/api-keys');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('locale')).toBe('zh');
    expect(url.searchParams.get('livemode')).toBe('false');
    expect(url.searchParams.has('authToken')).toBe(false);
  });

  it('passes on the authToken of the page address, and keeps it after the address changes', async () => {
    window.history.replaceState(null, '', '/checkout/pay/cs_1?authToken=tok_abc');
    await kioskClient.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: 'cs_1' } });
    expect(requestedUrl(0).searchParams.get('authToken')).toBe('tok_abc');

    window.history.replaceState(null, '', '/checkout/pay/cs_1');
    await kioskClient.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: 'cs_1' } });
    expect(requestedUrl(1).searchParams.get('authToken')).toBe('tok_abc');
    expect(window.sessionStorage.getItem('authToken')).toBe('tok_abc');
  });

  it('fills the path, sends the body as JSON and asks for JSON back', async () => {
    await kioskClient.call('PUT /api/checkout-sessions/:id/upsell', {
      params: { id: 'cs_1/x' },
      body: { from: 'price_a', to: 'price_b' },
    });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = new Headers(init.headers);
    expect(init.method).toBe('PUT');
    expect(requestedUrl().pathname).toBe('/api/checkout-sessions/cs_1%2Fx/upsell');
    expect(init.body).toBe('{"from":"price_a","to":"price_b"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('throws an ApiError with the status, code, message and details of a failed call', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          error: 'Validate failed',
          details: [{ path: 'name', message: 'Required' }],
        },
        400,
      ),
    );
    const error = await kioskClient.call('GET /api/session').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validate failed',
      details: [{ path: 'name', message: 'Required' }],
    });
  });

  it('gives a failed call without the error shape a code from its status', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(kioskClient.call('GET /api/session')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Bad Gateway',
    });
  });
});
