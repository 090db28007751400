import { afterEach, beforeEach, vi } from 'vitest';
import { hashCheaplyInThisTestRun } from '../features/auth/password.js';

// Passwords hashed at the test cost: the same argon2id, a tenth of the time (auth/password.ts).
hashCheaplyInThisTestRun();

// A stray console.error means something went wrong that no assertion looked at: fail the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
