import { createContext, useContext } from 'react';
import type { SchoolSettings } from '../../../shared/api/settings.js';

/**
 * The school's settings for the frame (brand, footer, title), given by the app (app/routes/root.tsx
 * reads them through features/settings), so that these shared components import no feature.
 * `settings` is undefined while they load and when they could not be loaded: then the frame shows
 * the default logo and leaves the school's texts out rather than show anything wrong.
 */
export interface SchoolState {
  settings: SchoolSettings | undefined;
  status: 'pending' | 'error' | 'success';
}

export const SchoolContext = createContext<SchoolState>({ settings: undefined, status: 'pending' });

export const useSchool = (): SchoolState => useContext(SchoolContext);
