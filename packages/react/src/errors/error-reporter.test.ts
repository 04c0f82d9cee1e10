import { CLIENT_ERROR_LIMITS } from '@kiosk/contracts';
import { ApiError } from '@kiosk/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  MAX_REPORTS_PER_PAGE,
  REPORT_LIMITS,
  type ErrorReporterOptions,
} from './error-reporter.ts';
import { listenForPageErrors } from './page-error-listeners.ts';
import { reactRootErrorHandlers } from './react-root-errors.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A reporter whose sends are recorded; the page load is sampled unless `random` says otherwise. */
function reporterWith(options: Partial<ErrorReporterOptions> = {}) {
  const sent: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    sent.push({ url: String(input), init: init!, body: JSON.parse(String(init!.body)) });
    return new Response(null, { status: 204 });
  });
  const reporter = createErrorReporter({
    client: { url: (path) => `${path}?locale=en`, crossOrigin: false },
    sampleRate: 1,
    appVersion: '1.2.3',
    random: () => 0.5,
    fetch: fetchMock,
    ...options,
  });
  return { reporter, sent, fetchMock };
}

afterEach(() => vi.restoreAllMocks());

describe('the error reporter', () => {
  it('sends a report with keepalive to the client’s own address, the page path and the version', async () => {
    window.history.replaceState(null, '', '/checkout/pay/cs_1?authToken=secret#top');
    const { reporter, sent } = reporterWith();
    const error = new TypeError('x is undefined');
    reporter.report(error, { source: 'render', componentStack: '\n    in Checkout' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/client-errors?locale=en');
    expect(sent[0]!.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    });
    expect(sent[0]!.body).toEqual({
      source: 'render',
      message: 'TypeError: x is undefined',
      stack: error.stack,
      component_stack: '\n    in Checkout',
      page: '/checkout/pay/cs_1',
      app_version: '1.2.3',
    });
  });

  it('samples per page load: one draw decides for every error of the page', async () => {
    const half = async (draw: number) => {
      // Draws after the first would decide otherwise, were they made.
      const draws = [draw, 0.99, 0, 0.99, 0];
      const { reporter, sent } = reporterWith({ sampleRate: 0.5, random: () => draws.shift() ?? 0 });
      reporter.report(new Error('one'));
      reporter.report(new Error('two'));
      await settle();
      return sent.length;
    };
    expect(await half(0.49)).toBe(2);
    expect(await half(0.5)).toBe(0);
    const { reporter, sent } = reporterWith({ sampleRate: 0, random: () => 0 });
    reporter.report(new Error('never'));
    await settle();
    expect(sent).toEqual([]);
  });

  it('asks the server for the rate only when the first error comes, and once per page load', async () => {
    const rate = vi.fn(async () => 1);
    const { reporter, sent } = reporterWith({ sampleRate: rate });
    await settle();
    expect(rate).not.toHaveBeenCalled();
    reporter.report(new Error('one'));
    reporter.report(new Error('two'));
    await settle();
    reporter.report(new Error('three'));
    await settle();
    expect(rate).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.body.message)).toEqual(['one', 'two', 'three']);
  });

  it('reports the same error once per page load', async () => {
    const { reporter, sent } = reporterWith();
    const error = new Error('again and again');
    for (let i = 0; i < 5; i++) reporter.report(error);
    reporter.report('a string rejection');
    reporter.report('a string rejection');
    await settle();
    expect(sent.map((s) => s.body.message)).toEqual(['again and again', 'a string rejection']);
  });

  it(`reports at most ${MAX_REPORTS_PER_PAGE} errors per page load`, async () => {
    const { reporter, sent } = reporterWith();
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) reporter.report(new Error(`error ${i}`));
    await settle();
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(sent.at(-1)!.body.message).toBe(`error ${MAX_REPORTS_PER_PAGE - 1}`);
  });

  it('cuts long fields to the limits the server’s contract takes', async () => {
    expect(REPORT_LIMITS).toEqual(CLIENT_ERROR_LIMITS);
    const { reporter, sent } = reporterWith({ appVersion: 'v'.repeat(100) });
    const error = new Error('m'.repeat(5_000));
    error.stack = 's'.repeat(50_000);
    reporter.report(error, { componentStack: 'c'.repeat(50_000) });
    await settle();
    const body = sent[0]!.body as Record<string, string>;
    expect(body.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(body.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(body.component_stack).toHaveLength(CLIENT_ERROR_LIMITS.component_stack);
    expect(body.app_version).toHaveLength(CLIENT_ERROR_LIMITS.app_version);
  });

  it('leaves out API errors and what the caller ignores', async () => {
    const { reporter, sent } = reporterWith({ ignore: (error) => error === 'expected' });
    reporter.report(new ApiError(500, 'INTERNAL', 'Sorry, something went wrong.'));
    reporter.report('expected');
    await settle();
    expect(sent).toEqual([]);
  });

  it('never throws: not on a failed send, a failed rate, nor a thrown object that throws', async () => {
    const failing = reporterWith({ fetch: vi.fn<typeof fetch>(async () => Promise.reject(new TypeError())) });
    expect(() => failing.reporter.report(new Error('offline'))).not.toThrow();

    let asked = 0;
    const { reporter, sent } = reporterWith({
      sampleRate: async () => {
        if (++asked === 1) throw new TypeError('Failed to fetch');
        return 1;
      },
    });
    reporter.report(new Error('lost while the server was away'));
    await settle();
    expect(sent).toEqual([]);
    reporter.report(new Error('after it came back'));
    await settle();
    expect(sent.map((s) => s.body.message)).toEqual(['after it came back']);

    const hostile = {
      get message(): string {
        throw new Error('gotcha');
      },
    };
    expect(() => reporter.report(hostile)).not.toThrow();
    await settle();
  });
});

describe('the page and React hooks of the reporter', () => {
  it('reports uncaught errors and unhandled rejections of the page, until told to stop', async () => {
    const report = vi.fn();
    const stop = listenForPageErrors({ report });
    const thrown = new Error('uncaught');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: 'uncaught' }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'nobody caught me' });
    window.dispatchEvent(rejection);
    // A bare "Script error." of another origin's script says nothing to act on.
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', filename: 'http://x/app.js', lineno: 3, colno: 9 }),
    );
    expect(report.mock.calls).toEqual([
      [thrown, { source: 'error' }],
      ['nobody caught me', { source: 'unhandledrejection' }],
      [
        expect.objectContaining({ message: 'boom', stack: 'boom\n    at http://x/app.js:3:9' }),
        { source: 'error' },
      ],
    ]);
    stop();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'after' }));
    expect(report).toHaveBeenCalledTimes(3);
  });

  it('reports render errors with their component stack and still logs them', () => {
    const report = vi.fn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handlers = reactRootErrorHandlers({ report });
    const error = new Error('render failed');
    handlers.onCaughtError!(error, { componentStack: '\n    in Screen' });
    handlers.onUncaughtError!(error, { componentStack: undefined });
    expect(report.mock.calls).toEqual([
      [error, { source: 'render', componentStack: '\n    in Screen' }],
      [error, { source: 'render', componentStack: undefined }],
    ]);
    expect(logged).toHaveBeenCalledWith(error);
  });
});
