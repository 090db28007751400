import type { Plugin } from 'vite';

export const BOOTSTRAP_CSS: string;
export const RUNTIME_CLASSES: string[];
export function bootstrapUsedOnly(css: string, content: string[]): Promise<string>;
/** The cut stylesheet with logical properties, and mirrored rules for what has none (right-to-left pages). */
export function bootstrapInBothDirections(css: string): Promise<string>;
export function bootstrapUsedOnlyPlugin(sourceRoot: string): Plugin;
