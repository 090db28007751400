import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.js';

type Values = { name: string };

const realResolver: Resolver<Values> = (values): ResolverResult<Values> =>
  values.name
    ? { values, errors: {} }
    : { values: {}, errors: { name: { type: 'too_small', message: 'Please enter your name' } } };

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyResolver', () => {
  it('loads the real resolver on the first check, once, and answers with it', async () => {
    const load = vi.fn(async () => realResolver);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ name: '' }, undefined, OPTIONS)).resolves.toEqual({
      values: {},
      errors: { name: { type: 'too_small', message: 'Please enter your name' } },
    });
    await expect(resolver({ name: 'Ada' }, undefined, OPTIONS)).resolves.toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload, and the check that follows does not load again', async () => {
    const load = vi.fn(async () => realResolver);
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(resolver({ name: 'Ada' }, undefined, OPTIONS)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (a dropped connection), and a failed preload stays quiet', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(realResolver);
    const resolver = lazyResolver(load);
    resolver.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await expect(resolver({ name: 'Ada' }, undefined, OPTIONS)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
