import { describe, expect, it } from 'vitest';
import {
  countFailedAttempt,
  failedAttemptLimit,
  isCaptchaRequired,
  readAttempts,
  requireCaptcha,
  resetFailedAttempts,
  subscribeAttempts,
} from './failed-attempts';

describe('failed attempts', () => {
  it('keeps the counter in localStorage under "attempt"', () => {
    expect(readAttempts()).toBe(0);
    countFailedAttempt();
    countFailedAttempt();
    expect(localStorage.getItem('attempt')).toBe('2');
    expect(readAttempts()).toBe(2);
    resetFailedAttempts();
    expect(localStorage.getItem('attempt')).toBe('0');
  });

  it('requires the robot check at the limit and not before; zero hides it again', () => {
    const limit = 3;
    for (let i = 0; i < limit - 1; i += 1) countFailedAttempt();
    expect(isCaptchaRequired(readAttempts(), limit)).toBe(false);
    countFailedAttempt();
    expect(isCaptchaRequired(readAttempts(), limit)).toBe(true);
    resetFailedAttempts();
    expect(isCaptchaRequired(readAttempts(), limit)).toBe(false);
  });

  it('a server CAPTCHA_REQUIRED lifts the counter to the limit', () => {
    countFailedAttempt();
    requireCaptcha(5);
    expect(readAttempts()).toBe(5);
    requireCaptcha(2);
    expect(readAttempts()).toBe(5);
  });

  it('reads the limit from failedAttemptLimit, default 5', () => {
    expect(failedAttemptLimit(undefined)).toBe(5);
    expect(failedAttemptLimit(3)).toBe(3);
    expect(failedAttemptLimit('7')).toBe(7);
    expect(failedAttemptLimit('x')).toBe(5);
    expect(failedAttemptLimit(0)).toBe(5);
    expect(failedAttemptLimit(true)).toBe(5);
  });

  it('tells subscribers about every change; junk in storage reads as zero', () => {
    let calls = 0;
    const off = subscribeAttempts(() => (calls += 1));
    countFailedAttempt();
    resetFailedAttempts();
    off();
    countFailedAttempt();
    expect(calls).toBe(2);
    localStorage.setItem('attempt', 'junk');
    expect(readAttempts()).toBe(0);
  });
});
