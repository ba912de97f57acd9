import { describe, expect, it } from 'vitest';
import { assertStubsMatchContracts, checkStubAnswer } from './contract';

describe('stubbed answers against the contracts', () => {
  it('accepts a matching body and ignores errors and routes without a schema', () => {
    checkStubAnswer('/api/support/get-support-unread-message-count', 200, { data: { count: 2 } });
    checkStubAnswer('/api/support/get-support-unread-message-count', 500, { code: 'X', message: 'no' });
    checkStubAnswer('/api/unknown', 200, { whatever: true });
    expect(() => assertStubsMatchContracts()).not.toThrow();
  });

  it('fails on a body the route refuses, naming the route', () => {
    checkStubAnswer('/api/support/get-support-unread-message-count?x=1', 200, { data: { count: -1 } });
    expect(() => assertStubsMatchContracts()).toThrow(/get-support-unread-message-count/);
    expect(() => assertStubsMatchContracts()).not.toThrow();
  });
});
