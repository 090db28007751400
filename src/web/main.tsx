import '@fontsource/handlee/400.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import './styles/accounts.css';

import type { DehydratedState } from '@tanstack/react-query';
import './app/preact-fixes.js';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QUERY_STATE_ELEMENT_ID, ROUTER_STATE_ELEMENT_ID } from '../shared/page-rendering.js';
import { AppProvider } from './app/providers.js';
import { createAppRouter } from './app/router.js';
import { paths } from './config/paths.js';
import { setUnauthorizedHandler } from './lib/api-client.js';
import { createQueryClient, hydratePageQueries } from './lib/query-client.js';
import { primeSettingsFromPage } from './lib/settings.js';

/** A JSON block the server wrote into the page (entry-server.tsx), or undefined. */
function pageData(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const queryClient = createQueryClient();
// The school's name and facts, as the server wrote them into this page: no call, no flash.
primeSettingsFromPage(queryClient);
// A page the server rendered brings its content and loader data: the first render reuses them.
const routerState = pageData(ROUTER_STATE_ELEMENT_ID) as Parameters<typeof createAppRouter>[1];
const queryState = pageData(QUERY_STATE_ELEMENT_ID) as DehydratedState | undefined;
if (routerState && queryState) hydratePageQueries(queryClient, queryState);
const router = await createAppRouter(queryClient, routerState && queryState ? routerState : undefined);
// An expired or revoked token (401) ends the session and lands on /login without a page reload.
setUnauthorizedHandler(() => void router.navigate(paths.login, { replace: true }));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);
if (routerState && queryState) hydrateRoot(container, app);
else createRoot(container).render(app);
