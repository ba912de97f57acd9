/**
 * Remembers solved challenges until they expire, so one solution opens one door. The accounts
 * module can back it with the database when several processes share the traffic.
 */
export interface SeenStore {
  /**
   * Marks `key` as used until `expiresAt` (epoch ms) and tells whether it already was.
   * Must be atomic: two concurrent calls with one key may not both get `false`.
   */
  seen(key: string, expiresAt: number): boolean | Promise<boolean>;
}

/**
 * A per-process store. Entries go away when their challenge expires, so memory is bounded by
 * the solves of the last challenge lifetime (10 minutes), which the login rate limits bound in turn.
 */
export class MemorySeenStore implements SeenStore {
  private readonly entries = new Map<string, number>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  seen(key: string, expiresAt: number): boolean {
    const now = this.now();
    this.sweep(now);
    const known = this.entries.get(key);
    if (known !== undefined && known > now) return true;
    this.entries.set(key, expiresAt);
    return false;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops expired entries at most once a second, so a burst of checks stays O(1) each on average. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 1000;
    for (const [key, expiresAt] of this.entries) {
      if (expiresAt <= now) this.entries.delete(key);
    }
  }
}
