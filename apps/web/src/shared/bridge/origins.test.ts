import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createOriginPolicy, normalizeOrigin, originOfUrl } from './origins.ts';

describe('normalizeOrigin', () => {
  it.each([
    ['https://game.example', 'https://game.example'],
    ['https://game.example/', 'https://game.example'],
    ['HTTPS://GAME.Example', 'https://game.example'],
    ['https://game.example:443', 'https://game.example'],
    ['http://game.example:80/', 'http://game.example'],
    ['https://game.example:8443', 'https://game.example:8443'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['  https://game.example  ', 'https://game.example'],
    ['https://пример.рф', 'https://xn--e1afmkfd.xn--p1ai'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeOrigin(input)).toBe(expected);
  });

  it.each([
    '*',
    'null',
    '',
    ' ',
    'game.example',
    '//game.example',
    'https://game.example/path',
    'https://game.example?x=1',
    'https://game.example/?',
    'https://game.example#x',
    'https://user:pw@game.example',
    'https://user@game.example',
    'file:///etc/passwd',
    'data:text/html,hi',
    'javascript:alert(1)',
    'ftp://game.example',
    'blob:https://game.example/uuid',
    'https://*.game.example',
    null,
    undefined,
    42,
    {},
  ])('refuses %s', (input) => {
    expect(normalizeOrigin(input)).toBeNull();
  });

  // Generating web URLs is slow work: on a loaded machine it takes more than the default 5 s.
  it('is idempotent on what it accepts', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), (url) => {
        const origin = originOfUrl(url);
        if (origin === null) return;
        expect(normalizeOrigin(origin)).toBe(origin);
        expect(normalizeOrigin(normalizeOrigin(origin))).toBe(origin);
      }),
    );
  });
});

describe('originOfUrl', () => {
  it('takes the origin of http(s) URLs only', () => {
    expect(originOfUrl('https://Game.example:443/a/b?c#d')).toBe('https://game.example');
    expect(originOfUrl('/relative', 'https://portal.example/x')).toBe('https://portal.example');
    expect(originOfUrl('about:blank')).toBeNull();
    expect(originOfUrl('')).toBeNull();
    expect(originOfUrl('not a url')).toBeNull();
  });
});

describe('createOriginPolicy', () => {
  const policy = createOriginPolicy(
    ['https://game.example/', 'HTTP://LOCALHOST:5173', '*', 'null', 'https://x.example/p', 'junk'],
    'https://portal.example',
  );

  it('holds own origin first and only valid configured origins', () => {
    expect(policy.origins).toEqual(['https://portal.example', 'https://game.example', 'http://localhost:5173']);
  });

  it('matches exactly after normalization', () => {
    expect(policy.isAllowed('https://portal.example')).toBe(true);
    expect(policy.isAllowed('https://game.example')).toBe(true);
    expect(policy.match('https://GAME.example:443')).toBe('https://game.example');
    expect(policy.isAllowed('http://localhost:5173')).toBe(true);
    for (const o of [
      'http://game.example',
      'https://game.example:444',
      'https://sub.game.example',
      'https://game.example.evil.example',
      'https://evilgame.example',
      'http://localhost:5174',
      'http://127.0.0.1:5173',
      'https://x.example',
      '*',
      'null',
      null,
      undefined,
    ]) {
      expect(policy.isAllowed(o)).toBe(false);
    }
  });

  it('never allows "*" or "null" whatever the list holds', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('*', 'null', 'https://a.example'), fc.string())), (list) => {
        const p = createOriginPolicy(list, 'https://portal.example');
        expect(p.isAllowed('*')).toBe(false);
        expect(p.isAllowed('null')).toBe(false);
        for (const o of p.origins) expect(normalizeOrigin(o)).toBe(o);
      }),
    );
  });
});
