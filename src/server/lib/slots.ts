/**
 * A counting semaphore: `run` waits for a free slot, first come first served. Bounds how many
 * memory-hungry jobs (decoding a photo, hashing a password with argon2's 19 MiB) run at once across
 * all requests, so that a burst of parallel requests queues instead of growing the process.
 */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}
