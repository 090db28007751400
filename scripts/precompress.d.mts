export const MIN_BYTES: number;
export function precompressFolder(dir: string): Promise<number>;
