import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_META, usePageMeta } from './use-page-meta';

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('usePageMeta', () => {
  it('writes the project metadata', () => {
    renderHook(() =>
      usePageMeta({
        title: 'Family Town',
        description: 'Build a town',
        keywords: 'farm',
        faviconImage: '/images/ft.png',
        ogTitle: 'Family Town!',
      }),
    );
    expect(document.title).toBe('Family Town');
    expect(content('meta[name="description"]')).toBe('Build a town');
    expect(content('meta[name="keywords"]')).toBe('farm');
    expect(content('meta[property="og:title"]')).toBe('Family Town!');
    expect(content('meta[property="og:description"]')).toBe('Build a town');
    expect(content('meta[property="og:type"]')).toBe('website');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/images/ft.png');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/images/ft.png');
  });

  it('serves the images and Open Graph texts the console saved, with site paths made absolute', () => {
    renderHook(() =>
      usePageMeta({
        faviconImage: '/catalog-images/icon.png',
        appleTouchImage: '/catalog-images/touch.png',
        ogImage: '/catalog-images/preview.png',
        ogUrl: '/games/en/familytown/',
        ogTitle: 'Build your town',
        ogDescription: 'A cosy builder',
        ogSiteName: 'Family Town',
      }),
    );
    const origin = window.location.origin;
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/catalog-images/icon.png');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/catalog-images/touch.png');
    expect(content('meta[property="og:image"]')).toBe(`${origin}/catalog-images/preview.png`);
    expect(content('meta[property="og:url"]')).toBe(`${origin}/games/en/familytown/`);
    expect(content('meta[property="og:title"]')).toBe('Build your town');
    expect(content('meta[property="og:description"]')).toBe('A cosy builder');
    expect(content('meta[property="og:site_name"]')).toBe('Family Town');
  });

  it('uses defaults when there is no data', () => {
    renderHook(() => usePageMeta(undefined));
    expect(document.title).toBe(DEFAULT_PAGE_META.title);
    expect(content('meta[property="og:site_name"]')).toBe(DEFAULT_PAGE_META.ogSiteName);
    expect(content('meta[property="og:url"]')).toBe(window.location.href);
  });

  it('leaves a tag that already says the same untouched (an icon written again is fetched again)', () => {
    renderHook(() => usePageMeta({ title: 'One', faviconImage: '/images/same.png' }));
    const icon = document.head.querySelector('link[rel="icon"]')!;
    const writes: string[] = [];
    const observer = new MutationObserver((records) => writes.push(...records.map((record) => record.attributeName ?? '')));
    observer.observe(icon, { attributes: true });
    renderHook(() => usePageMeta({ title: 'Two', faviconImage: '/images/same.png' }));
    renderHook(() => usePageMeta({ title: 'Three', faviconImage: '/images/other.png' }));
    writes.push(...observer.takeRecords().map((record) => record.attributeName ?? ''));
    observer.disconnect();
    expect(writes).toEqual(['href']);
    expect(icon.getAttribute('href')).toBe('/images/other.png');
  });
});
