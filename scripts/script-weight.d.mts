export const PUBLIC_PAGE_BUDGET_BYTES: number;
export const SCHOOL_FIRST_LOAD_BUDGET_BYTES: number;
/** One script a page loaded: its address (or a label), its size unpacked and gzipped, in bytes. */
export interface ScriptFile {
  name: string;
  bytes: number;
  gzip: number;
}
export interface ScriptLoad {
  files: ScriptFile[];
  gzip: number;
}
export function isCountedScript(response: {
  resourceType: string;
  status: number;
  fetchDest?: string;
}): boolean;
export function isExecutableScriptType(type: string): boolean;
export function gzipSize(body: Buffer | Uint8Array): number;
export function sumScripts(files: ScriptFile[]): ScriptLoad;
export function kib(bytes: number): string;
export function verdict(gzip: number, budget: number): string;
export function formatLine(label: string, load: ScriptLoad, budget: number): string;
export function formatHeaviest(load: ScriptLoad, count?: number): string[];
export function routeModuleOf(source: string): string | undefined;
export function foreignRouteModules(
  sourcesByChunk: Map<string, string[]>,
  own: string,
): { module: string; chunk: string }[];
