const preloaded = new Set<string>();

/**
 * Starts loading images a screen is about to show, as soon as its data names them: the
 * screen's code and render no longer stand between the data and the image, which is often
 * the page's largest paint. The screen then draws them from the browser's cache.
 */
export function preloadImages(urls: ReadonlyArray<string | undefined>): void {
  // The server's render names the page's images in its HTML instead.
  if (typeof document === 'undefined') return;
  for (const href of urls) {
    if (!href || preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('fetchpriority', 'high');
    link.href = href;
    document.head.append(link);
  }
}
