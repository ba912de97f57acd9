import { afterEach, describe, expect, it } from 'vitest';
import { rememberLoginReturn, takeLoginReturn } from './login-return';

afterEach(() => sessionStorage.clear());

describe('the way back after a redirect project’s sign-in', () => {
  it('is given once, and only for the session it was kept for', () => {
    rememberLoginReturn('s-1', '/games/en/neuroarena/');
    expect(takeLoginReturn('s-2')).toBeNull();
    expect(takeLoginReturn(undefined)).toBeNull();
    expect(takeLoginReturn('s-1')).toBe('/games/en/neuroarena/');
    expect(takeLoginReturn('s-1')).toBeNull();
  });

  it('never leaves the site', () => {
    rememberLoginReturn('s-1', '//evil.example/');
    expect(takeLoginReturn('s-1')).toBeNull();
  });
});
