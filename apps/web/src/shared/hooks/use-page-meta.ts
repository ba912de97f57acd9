import { useEffect } from 'react';
import type { TSeoData } from '@portal/contracts/control';
import { files } from '../paths';

export const DEFAULT_PAGE_META: TSeoData = {
  title: 'Game Portal',
  faviconImage: files.favicon,
  appleTouchImage: files.favicon,
  description: 'Play the games of our studio in your browser.',
  keywords: 'games, browser games, online games',
  ogUrl: '',
  ogType: 'website',
  ogTitle: '',
  ogDescription: '',
  ogImage: '',
  ogSiteName: 'Game Portal',
};

function upsert(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  // Only a change is written: setting an icon's address again makes the browser fetch it again.
  if (element.getAttribute(attr) !== value) element.setAttribute(attr, value);
}

const metaByName = (name: string, content: string) =>
  upsert(`meta[name="${name}"]`, () => Object.assign(document.createElement('meta'), { name }), 'content', content);

const metaByProperty = (property: string, content: string) =>
  upsert(
    `meta[property="${property}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute('property', property);
      return meta;
    },
    'content',
    content,
  );

const link = (rel: string, href: string) =>
  upsert(`link[rel="${rel}"]`, () => Object.assign(document.createElement('link'), { rel }), 'href', href);

/** An address made absolute against the page's (Open Graph readers need whole URLs); a broken one stays as written. */
function absolute(address: string, base: string): string {
  try {
    return new URL(address, base).href;
  } catch {
    return address;
  }
}

/**
 * Fills the defaults in: empty or absent values fall back, og:* fall back to the plain ones.
 * og:url and og:image are made absolute: the console stores uploaded images as site paths.
 */
export function resolvePageMeta(seo: Partial<TSeoData> | undefined, url: string): TSeoData {
  const pick = (key: keyof TSeoData) => seo?.[key]?.trim() || DEFAULT_PAGE_META[key];
  const title = pick('title');
  const description = pick('description');
  return {
    title,
    faviconImage: pick('faviconImage'),
    appleTouchImage: seo?.appleTouchImage?.trim() || seo?.faviconImage?.trim() || DEFAULT_PAGE_META.appleTouchImage,
    description,
    keywords: pick('keywords'),
    ogUrl: absolute(seo?.ogUrl?.trim() || url, url),
    // The site type is always website.
    ogType: 'website',
    ogTitle: seo?.ogTitle?.trim() || title,
    ogDescription: seo?.ogDescription?.trim() || description,
    ogImage: absolute(seo?.ogImage?.trim() || seo?.faviconImage?.trim() || files.logo, url),
    ogSiteName: pick('ogSiteName'),
  };
}

/**
 * The page meta the server's render asked for: the deepest screen's, as it renders last. The
 * server renders one page at a time (entry-server.tsx) and writes the head from it.
 */
export const renderedPageMeta: { seo: Partial<TSeoData> | undefined } = { seo: undefined };

/**
 * Tags the server wrote for one page only (canonical address, language alternates, JSON-LD):
 * they name the page they belong to and leave when the player moves to another.
 */
export const PAGE_TAG_ATTRIBUTE = 'data-page-path';

/** Sets the document title, icons, description, keywords and Open Graph tags of a page. */
export function usePageMeta(seo: Partial<TSeoData> | undefined): void {
  if (import.meta.env.SSR) renderedPageMeta.seo = seo;
  const key = JSON.stringify(seo ?? null);
  useEffect(() => {
    const meta = resolvePageMeta(seo, window.location.href);
    for (const element of document.head.querySelectorAll(`[${PAGE_TAG_ATTRIBUTE}]`)) {
      if (element.getAttribute(PAGE_TAG_ATTRIBUTE) !== window.location.pathname) element.remove();
    }
    document.title = meta.title;
    link('icon', meta.faviconImage);
    link('apple-touch-icon', meta.appleTouchImage);
    metaByName('description', meta.description);
    metaByName('keywords', meta.keywords);
    metaByProperty('og:url', meta.ogUrl);
    metaByProperty('og:type', meta.ogType);
    metaByProperty('og:title', meta.ogTitle);
    metaByProperty('og:description', meta.ogDescription);
    metaByProperty('og:image', meta.ogImage);
    metaByProperty('og:site_name', meta.ogSiteName);
    metaByName('twitter:title', meta.ogTitle);
    metaByName('twitter:description', meta.ogDescription);
    metaByName('twitter:image', meta.ogImage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the content of `seo`
  }, [key]);
}
