import { format } from 'node:util';
import { beforeEach, vi } from 'vitest';

/**
 * A stray console.error fails the test (epic-stack habit): React warnings, act() warnings and
 * swallowed errors do not go unnoticed. A test that expects one says so with allowConsoleErrors().
 */
let allowed = false;
let calls: unknown[][] = [];

export function allowConsoleErrors(): void {
  allowed = true;
}

export function installConsoleErrorGuard(): void {
  beforeEach(() => {
    allowed = false;
    calls = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      calls.push(args);
    });
  });
}

export function assertNoConsoleErrors(): void {
  if (allowed || calls.length === 0) return;
  const messages = calls.map((args) => format(...args)).join('\n---\n');
  throw new Error(`console.error was called ${calls.length} time(s):\n${messages}`);
}
