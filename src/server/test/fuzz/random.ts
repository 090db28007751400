/**
 * A seeded generator (mulberry32), so that the fuzz test sends the same requests on every run and
 * a failure can be reproduced. Never Math.random here.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items` in a seeded order (all of them when there are fewer). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/**
 * A seed of its own for `key` (FNV-1a over the key, mixed with `seed`): each operation and field
 * draws from its own generator, so a new field or operation elsewhere leaves the other cases as
 * they were.
 */
export function seedOf(seed: number, key: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** `count` items of `items` in the order of the generator for `seed` and `key`. */
export const sampleFor = <T>(seed: number, key: string, items: readonly T[], count: number): T[] =>
  sample(seededRandom(seedOf(seed, key)), items, count);
