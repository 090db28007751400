import { type ComponentType, type ReactNode, useEffect } from 'react';
import { hydrateRoot, type RootOptions } from 'react-dom/client';
import type { Translator } from '../../shared/i18n/translator.js';
import type { SchoolSettings } from '../../shared/school-settings.js';
import { IslandRoot } from './island.js';
import { ISLAND_HYDRATION, ISLAND_LOADERS, type IslandName, isIslandName } from './registry.js';

export type IslandLoader = (name: IslandName) => Promise<ComponentType<object>>;

const loadFromRegistry: IslandLoader = async (name) =>
  (await ISLAND_LOADERS[name]()) as ComponentType<object>;

/**
 * Marks the island's element `data-island-hydrated` once its root has committed and its effects have
 * run: what the e2e tests wait for before they use or judge an island (e2e/server-rendering.spec.ts).
 * It renders no element of its own, so the markup and the useId ids stay the server's.
 */
function MarkHydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.islandHydrated = '';
  }, [element]);
  return children;
}

/**
 * Hydrates one island the server rendered (render-island.tsx) as a React root of its own, with the
 * props and useId prefix it was rendered with.
 */
export async function hydrateIsland(
  element: HTMLElement,
  settings: SchoolSettings | undefined,
  translator: Translator,
  load: IslandLoader = loadFromRegistry,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<void> {
  const { island: name, islandKey: key, props } = element.dataset;
  if (!name || !isIslandName(name) || key === undefined) {
    throw new Error(`An island names no known component: ${name ?? '(none)'}.`);
  }
  const Component = await load(name);
  hydrateRoot(
    element,
    <IslandRoot settings={settings} translator={translator}>
      <MarkHydrated element={element}>
        <Component {...(JSON.parse(props ?? '{}') as object)} />
      </MarkHydrated>
    </IslandRoot>,
    { ...options, identifierPrefix: key },
  );
}

/**
 * How far below (or above) the screen a `visible` island starts loading: about a phone screen's
 * height, so its code is usually in before the visitor reaches it.
 */
export const VISIBLE_ISLAND_MARGIN = '800px 0px';

/**
 * Calls `start` once, when `element` comes within VISIBLE_ISLAND_MARGIN of the screen or something
 * in it takes the focus (a keyboard user tabbing into a form), whichever is first. Without
 * IntersectionObserver (or with nothing in it to see), at once.
 */
export function whenNearScreen(element: HTMLElement, start: () => void): void {
  // The island's element has no box of its own (`.island { display: contents }`): its children are
  // what comes near the screen.
  const boxes = [...element.children];
  if (typeof IntersectionObserver === 'undefined' || boxes.length === 0) {
    start();
    return;
  }
  let started = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    },
    { rootMargin: VISIBLE_ISLAND_MARGIN },
  );
  function begin() {
    if (started) return;
    started = true;
    observer.disconnect();
    element.removeEventListener('focusin', begin);
    start();
  }
  for (const box of boxes) observer.observe(box);
  element.addEventListener('focusin', begin);
}

/**
 * Every island of the page, each when its ISLAND_HYDRATION says; one that fails to load leaves the
 * others working, its HTML as sent.
 */
export function hydrateIslands(
  root: ParentNode,
  settings: SchoolSettings | undefined,
  translator: Translator,
  load: IslandLoader = loadFromRegistry,
): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const hydrate = () => {
      hydrateIsland(element, settings, translator, load).catch((error: unknown) => reportError(error));
    };
    const name = element.dataset.island;
    if (name && isIslandName(name) && ISLAND_HYDRATION[name] === 'visible') whenNearScreen(element, hydrate);
    else hydrate();
  }
}
