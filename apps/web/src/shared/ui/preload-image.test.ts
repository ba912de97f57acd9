import { describe, expect, it } from 'vitest';
import { preloadImages } from './preload-image';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));

describe('preloadImages', () => {
  it('asks for each named image once, at high priority, and skips missing names', () => {
    preloadImages(['/images/a/background.svg', undefined, '/images/b/logo.svg']);
    preloadImages(['/images/a/background.svg']);

    expect(preloads()).toEqual(['/images/a/background.svg', '/images/b/logo.svg']);
    const link = document.head.querySelector<HTMLLinkElement>('link[href="/images/b/logo.svg"]');
    expect(link).toHaveAttribute('fetchpriority', 'high');
  });
});
