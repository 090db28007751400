import { vi } from 'vitest';
import { urlOf } from './content-fetch.js';

/**
 * Test helper: answers `POST /api/<path>` with `response` and passes every other call to the fetch
 * mock already in place. Returns the last body sent there (parsed), or undefined.
 */
export function answerForm(path: string, response: Response): () => unknown {
  const current = globalThis.fetch;
  const previous = vi.isMockFunction(current) ? current.getMockImplementation() : undefined;
  let body: unknown;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (urlOf(input) === `/api/${path}`) {
      body = JSON.parse(String(init?.body));
      return response.clone();
    }
    if (previous) return previous(input, init);
    throw new TypeError(`Unexpected call ${urlOf(input)}`);
  });
  return () => body;
}
