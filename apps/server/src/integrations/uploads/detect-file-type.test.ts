import { describe, expect, it } from 'vitest';
import { detectFileType } from './detect-file-type.ts';
import { aviHeader, ebmlHeader, ftypHeader, jpegHeader, pngHeader, webpHeader } from './test-files.ts';

describe('detectFileType', () => {
  it.each([
    ['jpeg', jpegHeader(), 'image/jpeg', 'jpg'],
    ['png', pngHeader(), 'image/png', 'png'],
    ['webp', webpHeader(), 'image/webp', 'webp'],
    ['avi', aviHeader(), 'video/x-msvideo', 'avi'],
    ['mp4 isom', ftypHeader('isom', ['isom', 'iso2', 'avc1', 'mp41']), 'video/mp4', 'mp4'],
    ['mp4 iso2', ftypHeader('iso2'), 'video/mp4', 'mp4'],
    ['mp4 mp41', ftypHeader('mp41'), 'video/mp4', 'mp4'],
    ['mp4 mp42', ftypHeader('mp42', ['mp42', 'isom']), 'video/mp4', 'mp4'],
    ['mp4 avc1', ftypHeader('avc1'), 'video/mp4', 'mp4'],
    ['m4v', ftypHeader('M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']), 'video/mp4', 'mp4'],
    ['mp4 by compatible brand', ftypHeader('XAVC', ['XAVC', 'mp42', 'iso2']), 'video/mp4', 'mp4'],
    ['mov', ftypHeader('qt  ', ['qt  ']), 'video/quicktime', 'mov'],
    ['webm', ebmlHeader('webm'), 'video/webm', 'webm'],
    ['webm, 8-byte header size', ebmlHeader('webm', true), 'video/webm', 'webm'],
    ['mkv', ebmlHeader('matroska'), 'video/x-matroska', 'mkv'],
    ['mkv, 8-byte header size', ebmlHeader('matroska', true), 'video/x-matroska', 'mkv'],
  ])('detects %s', (_name, bytes, mime, ext) => {
    expect(detectFileType(bytes)).toEqual({ mime, ext, kind: mime.split('/')[0] });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is plain text pretending to be an image')],
    ['html', Buffer.from('<!doctype html><svg onload=alert(1)>')],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['pdf', Buffer.from('%PDF-1.7\n')],
    ['wav (RIFF WAVE)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['heic (ftyp heic)', ftypHeader('heic', ['mif1', 'heic'])],
    ['ftyp box too small', Buffer.from([0, 0, 0, 8, ...Buffer.from('ftypisom')])],
    ['EBML of another DocType', ebmlHeader('foo')],
    ['truncated jpeg magic', Buffer.from([0xff, 0xd8])],
    ['truncated png magic', pngHeader().subarray(0, 7)],
    ['EBML magic only', Buffer.from([0x1a, 0x45, 0xdf, 0xa3])],
    ['zip', Buffer.from('PK\x03\x04\x14\x00')],
  ])('refuses %s', (_name, bytes) => {
    expect(detectFileType(bytes)).toBeNull();
  });

  it('looks only at content: a PNG is a PNG whatever it is called', () => {
    expect(detectFileType(Buffer.concat([pngHeader(), Buffer.alloc(100)]))?.mime).toBe('image/png');
  });
});
