import sanitizeHtml from 'sanitize-html';
import { EDITOR_ALLOWLIST } from '@portal/contracts/support';

/**
 * Elements whose content is dropped with them, not kept as text: code, styles and embedded
 * documents whose "text" is never something a player typed. sanitize-html's own defaults
 * (script, style, textarea, option) are repeated because the option replaces them.
 */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'xmp',
  'plaintext',
  'title',
  'head',
  'svg',
  'math',
];

// Browsers ignore ASCII control characters and whitespace inside a scheme ("jav&#x09;ascript:");
// sanitize-html strips them the same way before its own scheme check, and so do we.
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
const stripInvisible = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '');

const MESSAGE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...EDITOR_ALLOWLIST.tags],
  allowedAttributes: Object.fromEntries(Object.entries(EDITOR_ALLOWLIST.attributes).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...EDITOR_ALLOWLIST.schemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      // Only absolute http(s) and mailto links survive; relative ones have no meaning in a
      // message shown on several origins, and every other scheme is a script risk.
      const attributes: Record<string, string> = SAFE_HREF.test(stripInvisible(href)) ? { href, ...EDITOR_ALLOWLIST.linkAttributes } : {};
      return { tagName, attribs: attributes };
    },
  },
};

/** A message's rich HTML reduced to the editor's allowlist (bold, italic, underline, link, code). */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, MESSAGE_OPTIONS).trim();
}

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
};

// Whitespace, no-break spaces and zero-width characters render as nothing visible.
const INVISIBLE = /[\s\u00a0\u00ad\u200b-\u200f\u2060\ufeff]/g;

/**
 * True when no visible text remains once the markup is sanitized: the rule
 * "description must not be empty" (support.descriptionEmptyWarning). `<p><br></p>`, an
 * empty link or a lone `<script>` are all empty.
 */
export function isEmptyMessage(html: string): boolean {
  const text = sanitizeHtml(html, TEXT_ONLY)
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(INVISIBLE, '');
  return text.length === 0;
}
