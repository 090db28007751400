import { renderToString } from 'react-dom/server';
import { escapeHtml } from '../../shared/html-text.js';
import type { Translator } from '../../shared/i18n/translator.js';
import type { SchoolSettings } from '../../shared/school-settings.js';
import { IslandRoot, type PlacedIsland } from './island.js';
import { ISLAND_HYDRATION } from './registry.js';

/**
 * One island rendered on its own (entry-server.tsx), in the element the islands entry hydrates
 * (hydrate-islands.tsx): its name, its props as JSON and its useId prefix (the key) are the
 * element's, so the browser renders exactly what the server did.
 */
export function renderIsland(
  { key, name, component: Component, props }: PlacedIsland,
  settings: SchoolSettings | undefined,
  translator: Translator,
): string {
  const markup = renderToString(
    <IslandRoot settings={settings} translator={translator}>
      <Component {...props} />
    </IslandRoot>,
    { identifierPrefix: key },
  );
  // data-island-when says so to the e2e tests, which bring a `visible` island into view before using it.
  return `<div class="island" data-island="${name}" data-island-key="${key}" data-island-when="${ISLAND_HYDRATION[name]}" data-props="${escapeHtml(JSON.stringify(props))}">${markup}</div>`;
}
