import '@fontsource/handlee/400.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';

import { type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from './islands/island.js';
import { ISLAND_LOADERS, isIslandName } from './islands/registry.js';
import { readSettingsFromPage } from './lib/page-settings.js';

/**
 * The public pages' entry (docs/decisions/0042-react-islands.md): the page is the server's HTML; each
 * island in it (an element with `data-island`, entry-server.tsx) is hydrated as a React root of its
 * own, with the props and useId prefix the server rendered it with. Its code is a chunk of its own,
 * loaded here, so a page fetches only the islands it has.
 */
const settings = readSettingsFromPage();

/**
 * Marks the island's element `data-island-hydrated` once its root has committed and its effects have
 * run: what the e2e tests wait for before they use or judge an island (e2e/server-rendering.spec.ts).
 * It renders no element of its own and forks nothing, so the markup and the useId ids stay the server's.
 */
function MarkHydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.islandHydrated = '';
  }, [element]);
  return children;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const { island: name, islandKey: key, props } = element.dataset;
  if (!name || !isIslandName(name) || key === undefined) {
    throw new Error(`An island names no known component: ${name ?? '(none)'}.`);
  }
  const Component = (await ISLAND_LOADERS[name]()) as React.ComponentType<object>;
  hydrateRoot(
    element,
    <IslandRoot settings={settings}>
      <MarkHydrated element={element}>
        <Component {...(JSON.parse(props ?? '{}') as object)} />
      </MarkHydrated>
    </IslandRoot>,
    { identifierPrefix: key },
  );
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  // One island that fails to load leaves the others working: its HTML stays as the server sent it.
  hydrateIsland(element).catch((error: unknown) => reportError(error));
}
