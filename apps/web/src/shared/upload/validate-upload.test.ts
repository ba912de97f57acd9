import { describe, expect, it } from 'vitest';
import { validateUpload } from './validate-upload';

const file = (name: string, type: string, size: number) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('validateUpload: attachment type and size', () => {
  it('accepts jpeg, png and webp images up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(validateUpload('image', file('a', type, 5_242_880))).toBeNull();
    }
  });

  it('refuses other image types with support.errorMessageFormat', () => {
    expect(validateUpload('image', file('a.gif', 'image/gif', 10))).toEqual({ key: 'support.errorMessageFormat' });
    expect(validateUpload('image', file('a.txt', 'text/plain', 10))).toEqual({ key: 'support.errorMessageFormat' });
    expect(validateUpload('image', file('a.png', '', 10))).toBeNull();
  });

  it('refuses an image over 5 MB with the limit in MB', () => {
    expect(validateUpload('image', file('a.png', 'image/png', 5_242_881))).toEqual({
      key: 'support.errorMessageSize',
      values: { limit: 5 },
    });
  });

  it('accepts mp4, mov, avi, webm and mkv videos up to 100 MB, mkv also without a MIME type', () => {
    for (const type of ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/webm', 'video/x-matroska']) {
      expect(validateUpload('video', file('v', type, 104_857_600))).toBeNull();
    }
    expect(validateUpload('video', file('clip.MKV', '', 1000))).toBeNull();
  });

  it('refuses other videos as an unsupported video format and big ones with 100 MB', () => {
    expect(validateUpload('video', file('v.ogv', 'video/ogg', 10))).toEqual({ key: 'support.unsupportedVideo' });
    expect(validateUpload('video', file('v.mp4', 'video/mp4', 104_857_601))).toEqual({
      key: 'support.errorMessageSize',
      values: { limit: 100 },
    });
  });
});
