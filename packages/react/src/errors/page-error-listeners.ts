import type { ErrorReporter } from './error-reporter.ts';

/**
 * Reports what the page leaves uncaught: errors of scripts and event handlers (`error`) and promises
 * rejected with no handler (`unhandledrejection`). Answers how to stop listening.
 */
export function listenForPageErrors(reporter: ErrorReporter, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (event.error != null) return reporter.report(event.error, { source: 'error' });
    // A script of another origin fails as a bare "Script error." with no place: nothing to act on.
    if (!event.filename) return;
    const error = new Error(event.message);
    error.stack = `${event.message}\n    at ${event.filename}:${event.lineno}:${event.colno}`;
    reporter.report(error, { source: 'error' });
  };
  const onRejection = (event: PromiseRejectionEvent) =>
    reporter.report(event.reason, { source: 'unhandledrejection' });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
