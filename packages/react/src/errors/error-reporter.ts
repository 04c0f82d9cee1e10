import type { ClientErrorReport, ClientErrorSource } from '@kiosk/contracts';
import { ApiError, type KioskClient } from '@kiosk/sdk';

/**
 * Sends a page's own errors to Kiosk (POST /api/client-errors; seed 001 §9: sampled at a rate from
 * configuration). Decisions, each for one reason:
 * - sampling is per page load: one draw when the page starts decides whether it reports at all, so a
 *   sampled page sends its whole story (the first error and what followed from it) and a rate of 0.1
 *   cuts the traffic tenfold without leaving reports whose companions were dropped;
 * - the rate is asked of the server only when the first error comes (an error-free page load, nearly
 *   all of them, costs no request), and then once per page load;
 * - the same error (message and stack) is reported once per page load, and at most
 *   MAX_REPORTS_PER_PAGE errors are: an error thrown on every frame must not flood the server;
 * - a report leaves by `fetch(…, { keepalive: true })` to the client's own origin, so it survives
 *   the page being closed and the pages' Content-Security-Policy (connect-src 'self') lets it out;
 * - API errors are not reported: the server already knows each one (it logs its own 5xx, and a 4xx is
 *   its answer to the request);
 * - the reporter never throws: a failing error reporter must not become the page's next error.
 */

export const MAX_REPORTS_PER_PAGE = 10;

/**
 * CLIENT_ERROR_LIMITS of @kiosk/contracts, repeated so the contract's zod stays out of the browser
 * bundle (a test checks they agree): a report is cut to them instead of being refused.
 */
export const REPORT_LIMITS = {
  message: 1_000,
  stack: 8_000,
  component_stack: 8_000,
  page: 2_048,
  app_version: 64,
} as const;

export interface ErrorContext {
  source?: ClientErrorSource;
  /** React's component stack of a render error. */
  componentStack?: string;
}

export interface ErrorReporter {
  /** Reports `error` if this page load is sampled and it is new; never throws. */
  report(error: unknown, context?: ErrorContext): void;
}

export interface ErrorReporterOptions {
  client: Pick<KioskClient, 'url' | 'crossOrigin'>;
  /** The share of page loads (0 to 1) that report, or how to learn it (asked at the first error). */
  sampleRate: number | (() => Promise<number>);
  /** The version of the code running in the page (the web app's build). */
  appVersion: string;
  /** More errors the caller expects and never wants reported (a router's 404 answer …). */
  ignore?: (error: unknown) => boolean;
  maxReports?: number;
  /** The page's path; the window's own by default. */
  pagePath?: () => string;
  /** The page load's draw in [0, 1); sampled when it is below the rate. */
  random?: () => number;
  fetch?: typeof fetch;
}

/** The rate the server was configured with (KIOSK_ERROR_SAMPLE_RATE). */
export async function fetchErrorSampleRate(client: Pick<KioskClient, 'call'>): Promise<number> {
  return (await client.call('GET /api/client-errors/config')).sample_rate;
}

function cut(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) : text;
}

/** The message and stack of anything thrown or rejected (a string, an object, an Error of a frame). */
function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const { name, message, stack } = error as { name?: unknown; message?: unknown; stack?: unknown };
    const text = String(message ?? '');
    return {
      message: typeof name === 'string' && name && name !== 'Error' ? `${name}: ${text}` : text,
      stack: typeof stack === 'string' && stack ? stack : undefined,
    };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const maxReports = options.maxReports ?? MAX_REPORTS_PER_PAGE;
  const draw = (options.random ?? Math.random)();
  const post = options.fetch ?? ((input, init) => fetch(input, init));
  const seen = new Set<string>();
  let rate: Promise<number> | undefined;

  function learnRate(): Promise<number> {
    const { sampleRate } = options;
    if (typeof sampleRate === 'number') return Promise.resolve(sampleRate);
    rate ??= Promise.resolve()
      .then(sampleRate)
      .catch(() => {
        // The server did not answer: this error goes unreported, the next one asks again.
        rate = undefined;
        return 0;
      });
    return rate;
  }

  function send(report: ClientErrorReport): void {
    void post(options.client.url('/api/client-errors'), {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      // On another origin the buyer is named by the authToken in the address, not by cookies.
      credentials: options.client.crossOrigin ? 'omit' : 'same-origin',
    }).catch(() => undefined);
  }

  return {
    report(error, context = {}) {
      try {
        if (seen.size >= maxReports || error instanceof ApiError || options.ignore?.(error)) return;
        const { message, stack } = describe(error);
        const report: ClientErrorReport = {
          source: context.source ?? 'error',
          message: cut(message || 'Unknown error', REPORT_LIMITS.message),
          page: cut(options.pagePath?.() ?? window.location.pathname, REPORT_LIMITS.page),
          app_version: cut(options.appVersion || 'unknown', REPORT_LIMITS.app_version),
        };
        if (stack) report.stack = cut(stack, REPORT_LIMITS.stack);
        if (context.componentStack)
          report.component_stack = cut(context.componentStack, REPORT_LIMITS.component_stack);
        const key = `${report.message}\n${report.stack ?? ''}`;
        if (seen.has(key)) return;
        seen.add(key);
        void learnRate()
          .then((sampleRate) => {
            if (draw < sampleRate) send(report);
          })
          .catch(() => undefined);
      } catch {
        // Reporting is best effort: nothing it meets may reach the page.
      }
    },
  };
}
