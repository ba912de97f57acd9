import DOMPurify from 'dompurify';
import { DOMPURIFY_CONFIG, EDITOR_ALLOWLIST } from '@portal/contracts/support-constants';

/**
 * The browser's half of the editor allowlist: whatever the server stored (it already ran
 * sanitize-html to the same list), nothing outside bold, italic, underline, link and code
 * block reaches the page, and every link opens in a new tab without an opener.
 */
const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href');
  if (!href || !DOMPURIFY_CONFIG.ALLOWED_URI_REGEXP.test(href.trim())) {
    node.removeAttribute('href');
  }
  node.setAttribute('rel', EDITOR_ALLOWLIST.linkAttributes.rel);
  node.setAttribute('target', EDITOR_ALLOWLIST.linkAttributes.target);
});

export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, { ...DOMPURIFY_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** True when the HTML holds no visible text (an empty editor gives `<p></p>`). */
export function isRichTextEmpty(html: string): boolean {
  const clean = sanitizeRichText(html);
  const box = document.createElement('div');
  box.innerHTML = clean;
  return (box.textContent ?? '').trim() === '';
}
