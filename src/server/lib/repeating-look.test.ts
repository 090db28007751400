import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RepeatingLook } from './repeating-look.js';

describe('a repeating look', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks after the first wait, then each wait after a look has ended, never two at once', async () => {
    const ends: (() => void)[] = [];
    let looks = 0;
    const loop = new RepeatingLook(
      () => {
        looks += 1;
        return new Promise<void>((resolve) => ends.push(resolve));
      },
      1000,
      10,
    );
    loop.start();
    loop.start();
    await vi.advanceTimersByTimeAsync(9);
    expect(looks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBe(1);
    // A slow look: no second one while it runs, however long.
    await vi.advanceTimersByTimeAsync(5000);
    expect(looks).toBe(1);
    ends.shift()?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(looks).toBe(2);
    ends.shift()?.();
    await loop.stop();
  });

  it('goes on after a look fails', async () => {
    let looks = 0;
    const loop = new RepeatingLook(async () => {
      looks += 1;
      throw new Error('the database is away');
    }, 100);
    loop.start();
    await vi.advanceTimersByTimeAsync(350);
    expect(looks).toBe(3);
    await loop.stop();
  });

  it('answers stop once the look under way has finished, and looks no more', async () => {
    let finish: () => void = () => {};
    let looks = 0;
    let finished = false;
    const loop = new RepeatingLook(() => {
      looks += 1;
      return new Promise<void>((resolve) => {
        finish = () => {
          finished = true;
          resolve();
        };
      });
    }, 100);
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(looks).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(looks).toBe(1);
    // Started again, it looks again.
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(looks).toBe(2);
    finish();
    await loop.stop();
  });
});
