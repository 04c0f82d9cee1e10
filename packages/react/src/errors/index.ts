export {
  createErrorReporter,
  fetchErrorSampleRate,
  MAX_REPORTS_PER_PAGE,
  type ErrorContext,
  type ErrorReporter,
  type ErrorReporterOptions,
} from './error-reporter.ts';
export { listenForPageErrors } from './page-error-listeners.ts';
export { reactRootErrorHandlers } from './react-root-errors.ts';
