import { DEFAULT_FAILED_ATTEMPT_LIMIT } from '@portal/contracts/control-constants';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';

/**
 * The failed-attempt counter, kept in localStorage under `attempt`. Each
 * server warning counts one, a success resets it; at the limit the robot check is required.
 * The server keeps its own limits: this only decides when the widget shows.
 */

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function subscribeAttempts(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.attempt) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readAttempts(): number {
  const value = Number.parseInt(storage.get(STORAGE_KEYS.attempt) ?? '0', 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function write(count: number): void {
  storage.set(STORAGE_KEYS.attempt, String(count));
  emit();
}

export const countFailedAttempt = () => write(readAttempts() + 1);
export const resetFailedAttempts = () => write(0);
/** The server answered CAPTCHA_REQUIRED: show the widget whatever the count says. */
export const requireCaptcha = (limit: number) => write(Math.max(readAttempts(), limit));

/** The limit from the project's extra `failedAttemptLimit`, default 5. */
export function failedAttemptLimit(value: string | number | boolean | undefined): number {
  const limit = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_FAILED_ATTEMPT_LIMIT;
}

export const isCaptchaRequired = (count: number, limit: number) => count >= limit;
