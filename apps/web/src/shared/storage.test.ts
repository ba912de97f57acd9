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

describe('granted first-party storage (Storage Access API handle)', () => {
  it('is used from then on; what the page kept in memory fills the missing keys; the screens hear it', async () => {
    const { adoptGrantedStorage } = await import('./storage');
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    storage.set('accessToken', 'frame.token');
    storage.set('session', 'ses-frame');
    vi.restoreAllMocks();

    const firstParty = new Map<string, string>([['session', 'ses-first-party']]);
    const handle = {
      getItem: (key: string) => firstParty.get(key) ?? null,
      setItem: (key: string, value: string) => void firstParty.set(key, value),
      removeItem: (key: string) => void firstParty.delete(key),
    } as unknown as Storage;
    const heard = vi.fn();
    window.addEventListener('storage', heard);
    adoptGrantedStorage(handle);
    window.removeEventListener('storage', heard);

    expect(heard).toHaveBeenCalledTimes(1);
    expect(storage.get('accessToken')).toBe('frame.token');
    expect(storage.get('session')).toBe('ses-first-party');
    storage.set('attempt', '2');
    expect(firstParty.get('attempt')).toBe('2');
    expect(localStorage.getItem('attempt')).toBeNull();
  });
});
