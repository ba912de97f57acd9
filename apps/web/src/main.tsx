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

// Made before the first render: the page's code chunk and data are asked for while the
// framework renders, not after.
const router = createRouter();

// The first render in a task of its own: evaluating the code and starting the router already
// make one long task.
void yieldToMain().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
