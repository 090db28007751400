export interface BuiltServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop: () => Promise<void>;
}
export function startBuiltServer(options?: { readyPath?: string }): Promise<BuiltServer>;
