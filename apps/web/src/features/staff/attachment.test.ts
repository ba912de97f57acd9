import { describe, expect, it } from 'vitest';
import { checkAttachment } from './attachment';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'f', { type });

describe('checkAttachment', () => {
  it('takes images and videos within the limits', () => {
    expect(checkAttachment('image', file('image/png', 100))).toBeNull();
    expect(checkAttachment('video', file('video/webm', 100))).toBeNull();
  });

  it('refuses other types and oversize files with the player texts and the limit in MB', () => {
    expect(checkAttachment('image', file('image/gif', 10))).toEqual({ key: 'support.errorMessageFormat' });
    expect(checkAttachment('video', file('image/png', 10))).toEqual({ key: 'support.errorMessageFormat' });
    expect(checkAttachment('image', file('image/jpeg', 5_242_881))).toEqual({ key: 'support.errorMessageSize', limit: 5 });
  });
});
