import { describe, expect, it } from 'vitest';
import { parseSse } from './staff-events';

describe('parseSse', () => {
  it('answers complete frames and keeps the unfinished rest', () => {
    const { frames, rest } = parseSse('retry: 3000\n\nevent: ready\ndata: {"type":"ready"}\n\n: heartbeat\n\nevent: message\ndata: {"a"');
    expect(frames).toEqual([{ event: 'ready', data: '{"type":"ready"}' }]);
    expect(rest).toBe('event: message\ndata: {"a"');
    const next = parseSse(`${rest}:1}\n\n`);
    expect(next.frames).toEqual([{ event: 'message', data: '{"a":1}' }]);
    expect(next.rest).toBe('');
  });

  it('joins multi-line data, reads CRLF and defaults the event name', () => {
    const { frames } = parseSse('data: one\r\ndata: two\r\n\r\n');
    expect(frames).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
