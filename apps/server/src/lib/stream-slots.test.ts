import { describe, expect, it } from 'vitest';
import { StreamSlots } from './stream-slots.ts';

describe('StreamSlots', () => {
  it('caps streams per client, and a released slot can be taken again', () => {
    const slots = new StreamSlots({ perClient: 2, perAddress: 0, total: 0 });
    const first = slots.take('user:a', '10.0.0.1');
    const second = slots.take('user:a', '10.0.0.2');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.take('user:a', '10.0.0.3')).toBeNull();
    // Another client is not affected.
    expect(slots.take('user:b', '10.0.0.1')).not.toBeNull();
    first!();
    expect(slots.take('user:a', '10.0.0.3')).not.toBeNull();
    expect(slots.size).toBe(3);
  });

  it('caps streams per address, whichever clients they are for', () => {
    const slots = new StreamSlots({ perClient: 0, perAddress: 2, total: 0 });
    expect(slots.take('guest:1', '10.0.0.1')).not.toBeNull();
    expect(slots.take('guest:2', '10.0.0.1')).not.toBeNull();
    expect(slots.take('guest:3', '10.0.0.1')).toBeNull();
    expect(slots.take(undefined, '10.0.0.1')).toBeNull();
    expect(slots.take('guest:3', '10.0.0.2')).not.toBeNull();
  });

  it('caps streams overall', () => {
    const slots = new StreamSlots({ perClient: 0, perAddress: 0, total: 2 });
    const release = slots.take('a', '1');
    slots.take('b', '2');
    expect(slots.take('c', '3')).toBeNull();
    release!();
    expect(slots.take('c', '3')).not.toBeNull();
  });

  it('frees a slot once, however often its release runs', () => {
    const slots = new StreamSlots({ perClient: 1, perAddress: 0, total: 0 });
    const release = slots.take('a', '1')!;
    const other = slots.take('b', '1')!;
    release();
    release();
    expect(slots.size).toBe(1);
    expect(slots.take('a', '1')).not.toBeNull();
    expect(slots.take('a', '1')).toBeNull();
    other();
    expect(slots.size).toBe(1);
  });

  it('0 turns every cap off', () => {
    const slots = new StreamSlots({ perClient: 0, perAddress: 0, total: 0 });
    for (let i = 0; i < 100; i += 1) expect(slots.take('a', '1')).not.toBeNull();
    expect(slots.size).toBe(100);
  });
});
