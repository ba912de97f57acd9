import { describe, expect, it } from 'vitest';
import { gameAddressProblem, isImageAddress, isSiteAddress, safeOrigin, usableGameAddress } from './addresses.ts';

describe('addresses the catalogue stores', () => {
  it('takes an origin into a header only when its host is a plain host name', () => {
    expect(safeOrigin('https://Game.Example:8443/')).toBe('https://game.example:8443');
    expect(safeOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    for (const bad of [
      'https://a.example,b',
      'https://a.example;b/',
      'https://*',
      'https://*.example',
      'ftp://a.example',
      'https://[::1]',
      'nonsense',
    ]) {
      expect(safeOrigin(bad), bad).toBeNull();
    }
  });

  it('takes a game address that is an http(s) URL on a plain host or a site path', () => {
    for (const good of ['/demo-games/a/index.html', 'https://play.example/g/?a=1#x', 'http://localhost:5173/game.html', '']) {
      expect(gameAddressProblem(good), good).toBeNull();
    }
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '//evil.example',
      'https://*/x',
      'https://a,b/',
      'data:text/html,x',
      '/\\evil',
    ]) {
      expect(gameAddressProblem(bad), bad).not.toBeNull();
      expect(usableGameAddress(bad), bad).toBeNull();
    }
  });

  it('takes images and links on https or the site, never another scheme', () => {
    expect(isImageAddress('logo.png')).toBe(true);
    expect(isImageAddress('games/a/logo.svg')).toBe(true);
    expect(isImageAddress('/catalog-images/a.png')).toBe(true);
    expect(isImageAddress('https://cdn.example/a.png')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '../x.png', 'a/../../x', 'http://cdn.example/a.png']) {
      expect(isImageAddress(bad), bad).toBe(false);
    }
    expect(isSiteAddress('https://vk.com/x')).toBe(true);
    expect(isSiteAddress('/games/en/')).toBe(true);
    expect(isSiteAddress('javascript:alert(1)')).toBe(false);
    expect(isSiteAddress('mailto:a@b.example')).toBe(false);
  });
});
