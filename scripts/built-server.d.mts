export interface BuiltServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop: () => Promise<void>;
}
export function startBuiltServer(options?: { readyPath?: string }): Promise<BuiltServer>;
export function fromBuild(file: string): Promise<Record<string, unknown>>;
export function demoAccounts(): Promise<{ emails: Record<string, string>; password: string }>;
export function logIn(base: string, email: string, password: string): Promise<string>;
