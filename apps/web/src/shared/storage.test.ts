import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('storage', () => {
  it('reads and writes localStorage', () => {
    storage.set('accessToken', 'a.b.c');
    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
    expect(storage.get('accessToken')).toBe('a.b.c');
    storage.remove('accessToken');
    expect(storage.get('accessToken')).toBeNull();
  });

  it('keeps values in memory for this page when the browser blocks localStorage (third-party frame)', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(blocked);
    expect(storage.get('accessToken')).toBeNull();
    storage.set('accessToken', 'frame.token');
    expect(storage.get('accessToken')).toBe('frame.token');
    storage.remove('accessToken');
    expect(storage.get('accessToken')).toBeNull();
  });
});
