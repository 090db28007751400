import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('keeps zod from trying `new Function`, which the pages’ CSP refuses and reports', async () => {
    vi.resetModules();
    await import('./zod-without-eval.js');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const tried = vi.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string() }).parse({ name: 'Mia' })).toEqual({ name: 'Mia' });
    expect(tried).not.toHaveBeenCalled();
  });
});
