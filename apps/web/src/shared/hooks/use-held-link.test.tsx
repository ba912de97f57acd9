import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldLink } from './use-held-link';

const A1 = '/api/support/files/a.mp4?t=1.x';
const A2 = '/api/support/files/a.mp4?t=2.y';
const A3 = '/api/support/files/a.mp4?t=3.z';
const B1 = '/api/support/files/b.mp4?t=1.w';

describe('useHeldLink', () => {
  it("keeps a file's first link across refetches and takes the latest when it fails", () => {
    const { result, rerender } = renderHook(({ path }) => useHeldLink(path), { initialProps: { path: A1 } });
    expect(result.current.src).toBe(A1);
    rerender({ path: A2 });
    expect(result.current.src).toBe(A1);
    let retried = false;
    act(() => {
      retried = result.current.retry();
    });
    expect(retried).toBe(true);
    expect(result.current.src).toBe(A2);
    rerender({ path: A3 });
    expect(result.current.src).toBe(A2);
  });

  it('answers false when the latest link itself failed', () => {
    const { result } = renderHook(() => useHeldLink(A1));
    let retried = true;
    act(() => {
      retried = result.current.retry();
    });
    expect(retried).toBe(false);
    expect(result.current.src).toBe(A1);
  });

  it('takes another file at once, and holds that one', () => {
    const { result, rerender } = renderHook(({ path }) => useHeldLink(path), { initialProps: { path: A1 } });
    rerender({ path: B1 });
    expect(result.current.src).toBe(B1);
    rerender({ path: '/api/support/files/b.mp4?t=2.v' });
    expect(result.current.src).toBe(B1);
  });
});
