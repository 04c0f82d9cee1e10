import {
  createErrorReporter,
  fetchErrorSampleRate,
  listenForPageErrors,
  type ErrorReporter,
} from '@kiosk/react';
import { kioskClient } from './api.ts';

// Written in at build time (vite.config.ts `define`): @kiosk/web's version, the code this page runs.
declare const __KIOSK_WEB_VERSION__: string | undefined;

/** The web app's version; `dev` where no build wrote it in (component tests). */
export const WEB_APP_VERSION = typeof __KIOSK_WEB_VERSION__ === 'string' ? __KIOSK_WEB_VERSION__ : 'dev';

let reporter: ErrorReporter | undefined;

/**
 * Starts reporting this page load's errors (each entry, before the first render): uncaught errors and
 * rejections from here on, render errors through `reportRenderError` and the root's handlers. The
 * rate comes from the server when the first error does. `ignore` names what is no failure: the
 * store's entry passes the router's own answers (a 404 path), so this module needs no router.
 */
export function startErrorReporting(ignore?: (error: unknown) => boolean): ErrorReporter {
  if (reporter) return reporter;
  reporter = createErrorReporter({
    client: kioskClient,
    sampleRate: () => fetchErrorSampleRate(kioskClient),
    appVersion: WEB_APP_VERSION,
    ignore,
  });
  listenForPageErrors(reporter);
  return reporter;
}

/** What an error boundary caught; nothing until reporting started (so component tests send nothing). */
export function reportRenderError(error: unknown): void {
  reporter?.report(error, { source: 'render' });
}
