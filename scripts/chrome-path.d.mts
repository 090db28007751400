export function resolveChromePath(): Promise<string>;
export const CHROME_ARGS: string[];
