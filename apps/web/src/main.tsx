import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isFramed } from '@/shared/auth/host-message';
import { initI18n, initialLanguage } from '@/shared/i18n/i18n';
import { isPortalPage } from './app/layout/header-embed';
import { App } from './app/app';
import { createRouter } from './app/router';
import { yieldToMain } from './shared/yield-to-main';
import './app/styles.css';

void initI18n(initialLanguage(isPortalPage(window.location.pathname, window.location.search, isFramed())));

// Three tasks, none of them long: the code evaluates, then the router starts (it asks for the
// page's code chunk and data, fetched while the framework renders), then the first render.
void yieldToMain()
  .then(() => {
    const router = createRouter();
    return yieldToMain().then(() => router);
  })
  .then((router) =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
