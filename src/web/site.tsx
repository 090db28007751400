// First: zod reads this setting when it loads (lib/zod-without-eval.ts).
import './lib/zod-without-eval.js';
import '@fontsource/handlee/400.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
// The log-in and registration pages' cards (their forms are islands; the page around them is not).
import './styles/accounts.css';

import { DEFAULT_LOCALE } from '../shared/i18n/locales.js';
import { createTranslator } from '../shared/i18n/translator.js';
import { hydrateIslands } from './islands/hydrate-islands.js';
import { readMessagesFromPage, setFallbackTranslator } from './lib/i18n.js';
import { readSettingsFromPage } from './lib/page-settings.js';

/**
 * The public pages' entry (docs/decisions/0042-react-islands.md): the page is the server's HTML; each
 * island in it (an element with `data-island`, entry-server.tsx) is hydrated as a React root of its
 * own. Its code is a chunk of its own, so a page fetches only the islands it has.
 */
// The islands' messages come parsed (docs/decisions/0059-message-catalogs.md): no parser in this bundle.
const pageMessages = readMessagesFromPage() ?? { locale: DEFAULT_LOCALE, messages: {} };
const translator = createTranslator(pageMessages.locale, pageMessages.messages);
// Modules outside React (the api client's fallbacks) speak the page's language too.
setFallbackTranslator(translator);
hydrateIslands(document, readSettingsFromPage(), translator);
