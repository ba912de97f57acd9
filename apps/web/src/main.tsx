import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import type { TInitialConfig } from '@portal/contracts/control';
import { isFramed, setHostOrigins } from '@/shared/auth/host-message';
import { i18n, initI18n, initialLanguage } from '@/shared/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { controlKeys } from '@/shared/api/query-keys';
import { isPortalPage } from './app/layout/header-embed';
import { App } from './app/app';
import { createHydratingRouter, createRouter } from './app/router';
import { HYDRATING_ATTRIBUTE, readPageState, type PageState } from './page-state';
import { yieldToMain } from './shared/yield-to-main';
import './app/styles.css';

const root = document.getElementById('root')!;
const rendered = readPageState();

if (rendered) void hydratePage(rendered);
else startPage();

/** A page the server rendered (the catalogue, a game, a price list): React takes over its markup. */
async function hydratePage(state: PageState) {
  // The page's language and data as the server rendered them: nothing is asked for again.
  // The server drops its rendered pages when the catalogue changes, so the data is current.
  const now = Date.now();
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
  const config = queryClient.getQueryData<TInitialConfig>(controlKeys.initialConfig(null));
  if (config) setHostOrigins(config.allowedOrigins);
  await initI18n(state.lng, state.translations);
  const router = await createHydratingRouter(state.router);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  const portal = isPortalPage(window.location.pathname, window.location.search, isFramed());
  // Inside a host's frame the page draws its framed variant (its header, its language): the
  // client renders it from the same data instead of taking over markup drawn for a top-level page.
  if (isFramed()) createRoot(root).render(app);
  else hydrateRoot(root, app);
  // React now answers the page's controls (a press on a part not yet hydrated hydrates it first).
  root.removeAttribute(HYDRATING_ATTRIBUTE);
  // A price list is rendered in the browser's language: a language the player chose comes after.
  const wanted = initialLanguage(portal);
  if (wanted !== state.lng) void i18n.changeLanguage(wanted);
}

function startPage() {
  void initI18n(initialLanguage(isPortalPage(window.location.pathname, window.location.search, isFramed())));

  // Three tasks, none of them long: the code evaluates, then the router starts (it asks for the
  // page's code chunk and data, fetched while the framework renders), then the first render.
  void yieldToMain()
    .then(() => {
      const router = createRouter();
      return yieldToMain().then(() => router);
    })
    .then((router) =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
}
