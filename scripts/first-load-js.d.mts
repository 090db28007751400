export interface LoadedFile {
  file: string;
  bytes: number;
  gzip: number;
}
export function entryScripts(html: string): string[];
export function staticImports(code: string, file: string): string[];
export function chunkOf(webDir: string, sourceFile: string): string;
export function staticClosure(webDir: string, roots: string[]): string[];
export function gzipSize(file: string): number;
export function firstLoadJs(webDir: string, routeSourceFile?: string): { files: LoadedFile[]; gzip: number };
