import { Suspense, lazy } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import './rich-text.css';

// The editor (Tiptap and ProseMirror) is most of the support pages' code: it loads when a
// screen shows it, so the ticket list and a ticket's messages paint without it.
const Editor = lazy(async () => ({ default: (await import('./rich-text-editor')).RichTextEditor }));

/** The editor's frame while its code loads: the same label, toolbar row and text box size. */
function EditorPlaceholder({ label, hideLabel, invalid, className }: RichTextEditorProps) {
  return (
    <div
      className={['rich-text-editor', invalid ? 'rich-text-editor--invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-busy="true"
    >
      <span className={hideLabel ? 'visually-hidden' : 'rich-text-editor__label'}>{label}</span>
      <div className="rich-text-editor__toolbar" aria-hidden="true">
        {Array.from({ length: 7 }, (_, index) => (
          <span key={index} className="rich-text-editor__button" />
        ))}
      </div>
      <div className="rich-text-editor__content rich-text" aria-hidden="true" />
    </div>
  );
}

/** The ticket editor (see rich-text-editor.tsx), loaded on first use. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder {...props} />}>
      <Editor {...props} />
    </Suspense>
  );
}
