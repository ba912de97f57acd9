// The kit's public face: the ticket editor (loaded on first use) and the sanitized renderer.
export { RichTextEditor } from './lazy-rich-text-editor';
export type { RichTextEditorProps } from './rich-text-editor';
export { RichText } from './rich-text';
export { isRichTextEmpty, sanitizeRichText } from './sanitize';
