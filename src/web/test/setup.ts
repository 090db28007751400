import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../app/routes/root.js';
import { setFallbackTranslator } from '../lib/i18n.js';
import { assertNoConsoleErrors, installConsoleErrorGuard } from './console.js';
import { installContentFetchStub } from './content-fetch.js';
import { testTranslator } from './i18n.js';
import { cancelPendingQueries } from './render-app.js';

// jsdom does not scroll; the router's ScrollRestoration and the skip link ask it to.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

// Screens load lazily and wait for their route loader; on a busy machine the first find of a test
// may need more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

installConsoleErrorGuard();

// A component outside any provider speaks English, as the contract's texts are written.
setFallbackTranslator(testTranslator());

installContentFetchStub();

beforeEach(() => {
  clearCookies();
});

afterEach(async () => {
  cleanup();
  await cancelPendingQueries();
  clearCookies();
  try {
    assertNoConsoleErrors();
  } finally {
    vi.restoreAllMocks();
  }
});
