import { describe, expect, it } from 'vitest';
import { EDITOR_ALLOWLIST } from '@portal/contracts/support';
import { isEmptyMessage, sanitizeMessageHtml } from './message-html.ts';
import { XSS_VECTORS } from './xss-vectors.ts';

interface Tag {
  name: string;
  closing: boolean;
  attributes: Record<string, string>;
}

const decodeEntities = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * A small tokenizer for sanitized output: every `<` that a browser would read as a tag
 * start (a letter, `/`, `!` or `?` after it) becomes a tag with its attributes. Text can
 * only hold `&lt;`, so any tag-like `<` left in the output is markup.
 */
function tokenize(html: string): Tag[] {
  const tags: Tag[] = [];
  const tagPattern = /<(\/?)([a-zA-Z!?][^\s/>]*)([^>]*)>?/g;
  for (const match of html.matchAll(tagPattern)) {
    const attributes: Record<string, string> = {};
    const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
    for (const attribute of (match[3] ?? '').matchAll(attributePattern)) {
      const name = attribute[1]!.toLowerCase();
      attributes[name] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    tags.push({ name: match[2]!.toLowerCase(), closing: match[1] === '/', attributes });
  }
  return tags;
}

const ALLOWED_TAGS = new Set<string>(EDITOR_ALLOWLIST.tags);
// Browsers drop these before reading a scheme, so a check must too.
// eslint-disable-next-line no-control-regex
const schemeOf = (url: string) => url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();

function assertSafe(output: string): void {
  expect(output).not.toMatch(/<\s*script/i);
  expect(output).not.toMatch(/<[^>]*\son\w+\s*=/i);
  for (const tag of tokenize(output)) {
    expect(ALLOWED_TAGS, `tag <${tag.name}> in ${output}`).toContain(tag.name);
    const allowedAttributes = EDITOR_ALLOWLIST.attributes[tag.name] ?? [];
    for (const [name, value] of Object.entries(tag.attributes)) {
      expect(allowedAttributes, `attribute ${name} on <${tag.name}> in ${output}`).toContain(name);
      expect(name).not.toMatch(/^on/);
      expect(schemeOf(value)).not.toMatch(/^(?:javascript|vbscript|data|livescript):/);
    }
    if (tag.name === 'a' && tag.attributes.href !== undefined) {
      expect(schemeOf(tag.attributes.href)).toMatch(/^(?:https?:\/\/|mailto:)/);
      expect(tag.attributes.rel).toBe(EDITOR_ALLOWLIST.linkAttributes.rel);
      expect(tag.attributes.target).toBe('_blank');
    }
  }
  // The output is a fixed point: sanitizing it again changes nothing.
  expect(sanitizeMessageHtml(output)).toBe(output);
}

describe('sanitizeMessageHtml against the OWASP XSS Filter Evasion Cheat Sheet', () => {
  it('has at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS.map((vector) => [vector.name, vector.html] as const))('%s', (_name, html) => {
    assertSafe(sanitizeMessageHtml(html));
  });

  it('the same vectors stay safe wrapped in allowed markup', () => {
    for (const { html } of XSS_VECTORS) {
      assertSafe(sanitizeMessageHtml(`<p><b>hi</b> ${html} <a href="https://ok.example">ok</a></p>`));
    }
  });
});

describe('sanitizeMessageHtml keeps the editor formatting', () => {
  it('keeps bold, italic, underline and paragraphs', () => {
    const html = '<p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>under</u><br />next</p>';
    expect(sanitizeMessageHtml(html)).toBe(html);
    expect(sanitizeMessageHtml(html.replace('<br />', '<br>'))).toBe(html);
  });

  it('keeps a code block and its escaped text', () => {
    const html = '<pre><code>if (a &lt; b) { return "&lt;script&gt;"; }</code></pre>';
    expect(sanitizeMessageHtml(html)).toBe(html);
  });

  it('keeps http, https and mailto links, forcing rel and target', () => {
    for (const href of ['https://example.com/a?b=1&amp;c=2', 'http://example.com', 'mailto:help@example.com']) {
      expect(sanitizeMessageHtml(`<a href="${href}" target="_self" rel="opener" class="x">link</a>`)).toBe(
        `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">link</a>`,
      );
    }
  });

  it('drops relative, protocol-relative and other-scheme hrefs but keeps the link text', () => {
    for (const href of ['/local', '//evil.example', 'ftp://x', 'javascript:alert(1)', ' java\nscript:alert(1)', 'tel:1']) {
      expect(sanitizeMessageHtml(`<a href="${href}">text</a>`)).toBe('<a>text</a>');
    }
  });

  it('strips style, class, ids and unknown tags but keeps their text', () => {
    expect(sanitizeMessageHtml('<div style="color:red" class="c" id="i"><span>kept</span></div>')).toBe('kept');
    expect(sanitizeMessageHtml('<h1>Title</h1><ul><li>one</li></ul>')).toBe('Titleone');
  });

  it('drops scripts, styles, iframes, SVG and forms with their content', () => {
    const html =
      'a<script>x()</script><style>p{}</style><iframe src="https://x">f</iframe><svg><text>s</text></svg><form><input value="v"><button>b</button></form>z';
    expect(sanitizeMessageHtml(html)).toBe('abz');
  });

  it('escapes text so nothing in it can become markup', () => {
    expect(sanitizeMessageHtml('1 < 2 & "quoted" > 0')).toBe('1 &lt; 2 &amp; "quoted" &gt; 0');
  });
});

describe('isEmptyMessage', () => {
  it.each([
    '',
    '   ',
    '<p></p>',
    '<p><br></p>',
    '<p>&nbsp;</p><p> \u200b </p>',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="https://x"></a>',
    '<style>p{}</style>',
  ])('%j is empty', (html) => {
    expect(isEmptyMessage(html)).toBe(true);
  });

  it.each(['a', '<p><b>Hi</b></p>', '<pre><code>0</code></pre>', '<a href="javascript:x">link text</a>', '&lt;'])('%j has text', (html) => {
    expect(isEmptyMessage(html)).toBe(false);
  });
});
