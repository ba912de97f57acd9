/** Caps on open long-lived streams; 0 turns a cap off. */
export interface StreamSlotLimits {
  /** Per client: the player, guest or staff member the stream is for. */
  perClient: number;
  /** Per client address. */
  perAddress: number;
  /** Over the whole process. */
  total: number;
}

/**
 * Counts the open event streams of this process by client, by address and overall, so one
 * client cannot hold an unbounded number of connections (and their subscriptions) open.
 * `take` hands back a release that frees the slot once, however often it is called.
 */
export class StreamSlots {
  private readonly byClient = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private open = 0;

  constructor(private readonly limits: StreamSlotLimits) {}

  /** Streams open now. */
  get size(): number {
    return this.open;
  }

  /** A slot for a stream of `client` from `address`, or null when a cap is reached. */
  take(client: string | undefined, address: string): (() => void) | null {
    const { perClient, perAddress, total } = this.limits;
    const full = (count: number, cap: number) => cap > 0 && count >= cap;
    if (full(this.open, total) || full(this.byAddress.get(address) ?? 0, perAddress)) return null;
    if (client !== undefined && full(this.byClient.get(client) ?? 0, perClient)) return null;
    this.open += 1;
    increment(this.byAddress, address);
    if (client !== undefined) increment(this.byClient, client);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open -= 1;
      decrement(this.byAddress, address);
      if (client !== undefined) decrement(this.byClient, client);
    };
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Keys at zero are dropped, so the maps hold only clients with open streams. */
function decrement(counts: Map<string, number>, key: string): void {
  const next = (counts.get(key) ?? 0) - 1;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
