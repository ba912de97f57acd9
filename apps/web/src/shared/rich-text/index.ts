// The kit's public face: the ticket editor and the sanitized renderer.
export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
export { RichText } from './rich-text';
export { isRichTextEmpty, sanitizeRichText } from './sanitize';
export { EDITOR_HISTORY } from './extensions';
