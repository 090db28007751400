export const STAMP: string;
export const OUTPUTS: string[];
export function inputFiles(root: string): string[];
export function inputsHash(root: string): string;
export function buildNeeded(root: string): { needed: boolean; reason: string; hash: string };
export function writeStamp(root: string, hash: string): void;
