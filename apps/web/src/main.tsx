import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isRouteErrorResponse } from 'react-router';
import { reactRootErrorHandlers } from '@kiosk/react';
import { App } from './App.tsx';
import { appI18n, appI18nReady, currentLocale, rememberLocale } from './i18n.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './routes.tsx';

// First, so that whatever fails from here on is reported.
// The router's own answers (a 404 path) are pages working as meant, not failures.
const errorReporter = startErrorReporting(isRouteErrorResponse);
rememberLocale(currentLocale(appI18n));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Once its language's messages are here (a failure to load them is reported, and the page still draws).
void appI18nReady.finally(() =>
  createRoot(container, reactRootErrorHandlers(errorReporter)).render(
    <StrictMode>
      <App i18n={appI18n} queryClient={createQueryClient()} router={createAppRouter()} />
    </StrictMode>,
  ),
);
