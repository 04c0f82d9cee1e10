import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { appI18n, currentLocale, rememberLocale } from './i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './routes.tsx';

rememberLocale(currentLocale(appI18n));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App i18n={appI18n} queryClient={createQueryClient()} router={createAppRouter()} />
  </StrictMode>,
);
