import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Editor } from '@tiptap/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@/test/render';
import { EDITOR_HISTORY, richTextExtensions } from './extensions';
import { RichText } from './rich-text';
import { RichTextEditor } from './rich-text-editor';
import { isRichTextEmpty, sanitizeRichText } from './sanitize';

beforeAll(async () => {
  await setupI18n('en');
  // jsdom lays nothing out; ProseMirror asks for rectangles when it scrolls to the selection.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= emptyRect;
  Element.prototype.getClientRects ??= noRects;
  document.elementFromPoint ??= () => null;
});

describe('sanitizeRichText', () => {
  it('keeps the editor markup', () => {
    const html = '<p><strong>b</strong> <em>i</em> <u>u</u> <a href="https://example.com">l</a></p><pre><code>x &lt; y</code></pre>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<strong>b</strong>');
    expect(clean).toContain('<em>i</em>');
    expect(clean).toContain('<u>u</u>');
    expect(clean).toContain('<pre><code>x &lt; y</code></pre>');
    expect(clean).toContain('href="https://example.com"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
    expect(clean).toContain('target="_blank"');
  });

  it.each([
    ['<img src=x onerror="alert(1)">', /img|onerror/],
    ['<script>alert(1)</script><p>ok</p>', /script|alert/],
    ['<a href="javascript:alert(1)">x</a>', /javascript/],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/],
    ['<p onclick="alert(1)" style="color:red" class="c">x</p>', /onclick|style|class/],
    ['<svg><g onload="alert(1)"></g></svg>', /svg|onload/],
    ['<iframe src="https://evil.example"></iframe>', /iframe/],
    ['<a href="  JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', /img|onerror|math|style/],
    ['<h1>big</h1><ul><li>list</li></ul>', /h1|<ul|<li/],
  ])('removes %s', (html, forbidden) => {
    expect(sanitizeRichText(html)).not.toMatch(forbidden);
  });

  it('forces rel and target on every link whatever the input said', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeRichText('<a href="https://x.example" target="_self" rel="opener">x</a>');
    const link = box.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://x.example');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('tells empty HTML from text', () => {
    expect(isRichTextEmpty('')).toBe(true);
    expect(isRichTextEmpty('<p></p>')).toBe(true);
    expect(isRichTextEmpty('<p>   </p><p><br></p>')).toBe(true);
    expect(isRichTextEmpty('<img src=x>')).toBe(true);
    expect(isRichTextEmpty('<p><strong>hi</strong></p>')).toBe(false);
  });
});

describe('RichText', () => {
  it('renders the allowed markup and drops the rest', () => {
    const { container } = render(<RichText html={'<p>Hello <strong>there</strong></p><img src=x onerror="window.__x=1">'} />);
    expect(screen.getByText('there').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('editor extensions', () => {
  it('keep only bold, italic, underline, link and code block, with undo history', () => {
    const editor = new Editor({
      extensions: richTextExtensions(),
      content:
        '<h1>T</h1><ul><li>a</li></ul><p><s>s</s><code>c</code><strong>b</strong><em>i</em><u>u</u><a href="https://e.example">l</a></p><pre><code>k</code></pre><blockquote>q</blockquote>',
    });
    const html = editor.getHTML();
    expect(html).not.toMatch(/<h1|<ul|<li|<s>|<blockquote|<p><code>/);
    expect(html).toContain('<strong>b</strong>');
    expect(html).toContain('<em>i</em>');
    expect(html).toContain('<u>u</u>');
    expect(html).toContain('<pre><code>k</code></pre>');
    expect(html).toMatch(/<a [^>]*href="https:\/\/e\.example"[^>]*>l<\/a>/);
    expect(Object.keys(editor.schema.marks).sort()).toEqual(['bold', 'italic', 'link', 'underline']);
    expect(Object.keys(editor.schema.nodes).sort()).toEqual(['codeBlock', 'doc', 'hardBreak', 'paragraph', 'text']);
    const history = editor.extensionManager.extensions.find((extension) => extension.name === 'undoRedo');
    expect(history?.options).toMatchObject(EDITOR_HISTORY);
    expect(EDITOR_HISTORY).toEqual({ depth: 100, newGroupDelay: 500 });
    editor.destroy();
  });

  it('refuses javascript: links', () => {
    const editor = new Editor({ extensions: richTextExtensions(), content: '<p><a href="javascript:alert(1)">x</a></p>' });
    expect(editor.getHTML()).not.toContain('javascript');
    editor.destroy();
  });
});

function Controlled({ initial, onChange }: { initial: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Description"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('RichTextEditor', () => {
  it('is a labelled text box with a labelled toolbar of toggles', () => {
    render(<Controlled initial="<p>Hello</p>" />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box.textContent).toBe('Hello');
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeInTheDocument();
    for (const name of ['Bold', 'Italic', 'Underline', 'Link', 'Code block']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('toggles bold on the selection and reports the new HTML', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="<p>Hello</p>" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    box.focus();
    // Select all the text through the DOM selection ProseMirror follows.
    const range = document.createRange();
    range.selectNodeContents(box.querySelector('p')!);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hello</strong></p>'));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('<p>Hello</p>'));
  });

  it('links the selection through the link field, refusing javascript: addresses', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial="<p>docs</p>" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    box.focus();
    const range = document.createRange();
    range.selectNodeContents(box.querySelector('p')!);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const field = screen.getByLabelText('Link address');
    await user.clear(field);
    await user.type(field, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(screen.getByTestId('value').textContent).not.toContain('javascript');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.clear(screen.getByLabelText('Link address'));
    await user.type(screen.getByLabelText('Link address'), 'https://example.com/help{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/<a [^>]*href="https:\/\/example\.com\/help"[^>]*>docs<\/a>/)),
    );
    expect(screen.queryByLabelText('Link address')).toBeNull();
  });

  it('follows a value set from outside', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="<p>Draft</p>" />);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' }).textContent).toBe(''));
  });
});
