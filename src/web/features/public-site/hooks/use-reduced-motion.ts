import { useMediaQuery } from '../../../lib/use-media-query.js';

/** Whether the visitor asked for less motion (look.md: no autoplay, no animation then). */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
