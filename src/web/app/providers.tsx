import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiveEvents } from '../features/live/use-live-events.js';
import { I18nProvider, type Translator } from '../lib/i18n.js';

export interface AppProviderProps {
  queryClient: QueryClient;
  /** The page's language and messages; a component test's English when not given (test/setup.ts). */
  translator?: Translator;
  children: ReactNode;
}

/** Everything the app needs around its router. */
export function AppProvider({ queryClient, translator, children }: AppProviderProps) {
  const app = (
    <QueryClientProvider client={queryClient}>
      {/* The school area's live events make its queries stale (features/live). */}
      <LiveEvents />
      {children}
    </QueryClientProvider>
  );
  return translator ? <I18nProvider translator={translator}>{app}</I18nProvider> : app;
}
