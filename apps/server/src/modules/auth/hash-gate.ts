import { availableParallelism } from 'node:os';
import { AppError } from '../../lib/app-error.ts';
import type { PasswordHasher } from '../../integrations/passwords/password-hasher.ts';

export interface HashGateOptions {
  /**
   * hashes computed at once; default: one core less than the machine has (the event loop
   * keeps a core to answer everything else), at least 1, at most 4 (libuv's default pool)
   */
  concurrency?: number;
  /** hashes allowed to wait; beyond that a sign-in answers 429 at once */
  maxQueue?: number;
}

/**
 * Bounds argon2 work. Each hash takes ~19 MiB and ~10 ms of a core on libuv's small thread
 * pool, which the database driver and file reads share: a flood of valid-looking sign-ins
 * from many addresses (each under its per-IP limit) would otherwise queue without end and
 * starve everything else, /health included. Over the bound the answer is 429 RATE_LIMITED
 * straight away, never a 5xx or a long wait.
 */
export class HashGate implements PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly concurrency: number;
  private readonly maxQueue: number;

  constructor(
    private readonly inner: PasswordHasher,
    options: HashGateOptions = {},
  ) {
    this.concurrency = options.concurrency ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.maxQueue = options.maxQueue ?? 64;
  }

  /** Refuses early (before any database work) when a hash would not even get a queue slot. */
  assertCapacity(): void {
    if (this.running >= this.concurrency && this.waiting.length >= this.maxQueue) throw this.busy();
  }

  hashPassword(password: string): Promise<string> {
    return this.run(() => this.inner.hashPassword(password));
  }

  verifyPassword(hash: string, password: string): Promise<boolean> {
    return this.run(() => this.inner.verifyPassword(hash, password));
  }

  needsRehash(hash: string): boolean {
    return this.inner.needsRehash(hash);
  }

  private busy(): AppError {
    return new AppError('RATE_LIMITED', 429, 'Too many sign-ins right now, retry in a moment');
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) {
        throw this.busy();
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
