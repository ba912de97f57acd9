import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './use-countdown';

describe('formatCountdown', () => {
  it('writes seconds as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(60)).toBe('01:00');
    expect(formatCountdown(125)).toBe('02:05');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(4.2)).toBe('00:05');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks down once a second, ends at 00:00 and restarts', () => {
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.label).toBe('00:03');
    expect(result.current.running).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.label).toBe('00:02');
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.label).toBe('00:00');
    expect(result.current.running).toBe(false);

    act(() => result.current.restart(90));
    expect(result.current.label).toBe('01:30');
    expect(result.current.running).toBe(true);
  });
});
