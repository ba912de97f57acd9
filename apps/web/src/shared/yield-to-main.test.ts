import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });

    await yieldToMain();

    expect(yieldTask).toHaveBeenCalledTimes(1);
  });

  it('else resumes after the tasks already waiting', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);

    await yieldToMain().then(() => order.push('resumed'));

    expect(order).toEqual(['waiting task', 'resumed']);
  });
});
