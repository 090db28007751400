// First: zod reads this setting when it loads (lib/zod-without-eval.ts).
import './lib/zod-without-eval.js';
import '@fontsource/handlee/400.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import './styles/accounts.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LOCALE } from '../shared/i18n/locales.js';
import { createTranslator } from '../shared/i18n/translator.js';
import { AppProvider } from './app/providers.js';
import { createAppRouter } from './app/router.js';
import { paths } from './config/paths.js';
import { setUnauthorizedHandler } from './lib/api-client.js';
import { readMessagesFromPage, setFallbackTranslator } from './lib/i18n.js';
import { createQueryClient } from './lib/query-client.js';
import { getSessionToken, subscribeToSession } from './lib/session.js';
import { primeSettingsFromPage } from './lib/settings.js';

/**
 * The app's entry: the school area and the pages the server does not render, as a single-page app
 * rendered in the browser. The public pages the server renders have their own entry (site.tsx).
 */
const queryClient = createQueryClient();
// The school's name and facts, as the server wrote them into this page: no call, no flash.
primeSettingsFromPage(queryClient);
const router = createAppRouter(queryClient);
// An expired or revoked token (401) ends the session and lands on /login without a page reload.
setUnauthorizedHandler(() => void router.navigate(paths.login, { replace: true }));
// When the session ends (logout, here or in another tab), nothing cached for the user may stay;
// the public content may.
subscribeToSession(() => {
  if (getSessionToken() === undefined) {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'content' });
  }
});

// The app's messages in the user's language, as the server wrote them into this page: plain text, and
// the others already parsed, so this bundle has no message parser (docs/decisions/0100-the-app-without-a-message-parser.md).
const pageMessages = readMessagesFromPage() ?? { locale: DEFAULT_LOCALE, messages: {} };
const translator = createTranslator(pageMessages.locale, pageMessages.messages);
// The school area's forms check in the browser with the shared schemas' English sentences: in another
// language they are read back to their messages (lib/english-sentences.ts), loaded after the page.
// Imported when needed: it shares a chunk with the forms' code, which the first screen does not load.
if (pageMessages.locale !== DEFAULT_LOCALE) {
  import('./lib/english-sentences.js')
    .then((sentences) => sentences.loadEnglishSentences(pageMessages.locale))
    .catch(() => undefined);
}
// Modules outside React (the api client's fallbacks) speak the page's language too.
setFallbackTranslator(translator);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient} translator={translator}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
