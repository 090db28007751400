import { type ComponentType, createContext, type ReactNode, StrictMode, useContext } from 'react';
import type { Translator } from '../../shared/i18n/translator.js';
import type { SchoolSettings } from '../../shared/school-settings.js';
import { SchoolContext } from '../components/layout/school.js';
import { I18nProvider } from '../lib/i18n.js';
import type { IslandName } from './registry.js';

/**
 * Islands (docs/decisions/0042-react-islands.md): the interactive parts of a server-rendered public
 * page, each hydrated in the browser as a React root of its own, while the rest of the page stays the
 * server's HTML with no script behind it. An island's props travel in its element as JSON, so they
 * must be plain data.
 */

/** An island the server met while rendering a page, for entry-server.tsx to render on its own. */
export interface PlacedIsland {
  /** Unique in the page; also the island's useId prefix, on the server and in the browser. */
  key: string;
  name: IslandName;
  // biome-ignore lint/suspicious/noExplicitAny: the registry ties each name to its component's props.
  component: ComponentType<any>;
  props: object;
}

/** Collects the islands of one page render (entry-server.tsx); none in the app and in tests. */
export class IslandCollector {
  readonly placed: PlacedIsland[] = [];

  place(island: Omit<PlacedIsland, 'key'>): string {
    const key = `i${this.placed.length}-`;
    this.placed.push({ ...island, key });
    return key;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | undefined>(undefined);

/** Where an island's markup goes: entry-server.tsx replaces the slot with the island's element. */
export const islandSlot = (key: string): string => `<template data-island-slot="${key}"></template>`;

export interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}

/**
 * An interactive part. In the app and in tests it is simply `component` with `props`; in a page the
 * server renders for the islands entry it leaves a slot that is filled with the island's own render.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const collector = useContext(IslandCollectorContext);
  if (!collector) return <Component {...props} />;
  const key = collector.place({ name, component: Component, props });
  return <template data-island-slot={key} />;
}

/** What every island has around it, the same on the server and in the browser. */
export function IslandRoot({
  settings,
  translator,
  children,
}: {
  settings: SchoolSettings | undefined;
  translator: Translator;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider translator={translator}>
        <SchoolContext value={{ settings, status: settings ? 'success' : 'error' }}>{children}</SchoolContext>
      </I18nProvider>
    </StrictMode>
  );
}
