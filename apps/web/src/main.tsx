import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reactRootErrorHandlers } from '@kiosk/react';
import { App } from './App.tsx';
import { appI18n, currentLocale, rememberLocale } from './i18n.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './routes.tsx';

// First, so that whatever fails from here on is reported.
const errorReporter = startErrorReporting();
rememberLocale(currentLocale(appI18n));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container, reactRootErrorHandlers(errorReporter)).render(
  <StrictMode>
    <App i18n={appI18n} queryClient={createQueryClient()} router={createAppRouter()} />
  </StrictMode>,
);
