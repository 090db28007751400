export const STAMP: string;
export const OUTPUTS: string[];
export function inputFiles(root: string): string[];
export function inputsHash(root: string, env?: NodeJS.ProcessEnv): string;
export function buildNeeded(
  root: string,
  env?: NodeJS.ProcessEnv,
): { needed: boolean; reason: string; hash: string };
export function writeStamp(root: string, hash: string): void;
