import type { RootOptions } from 'react-dom/client';
import type { ErrorReporter } from './error-reporter.ts';

/**
 * `createRoot` options that report render errors with their component stack: those no error boundary
 * caught (the page is blank) and those one did (a route's error page shows). Both still reach the
 * console, as React's own handlers would have put them.
 */
export function reactRootErrorHandlers(
  reporter: ErrorReporter,
): Pick<RootOptions, 'onUncaughtError' | 'onCaughtError'> {
  const handle = (error: unknown, info: { componentStack?: string }) => {
    reporter.report(error, { source: 'render', componentStack: info.componentStack });
    console.error(error);
  };
  return { onUncaughtError: handle, onCaughtError: handle };
}
