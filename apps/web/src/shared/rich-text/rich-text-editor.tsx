import { useEffect, useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { richTextExtensions } from './extensions';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML; '' for an empty editor. */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the text box (also shown as its visible label unless hideLabel). */
  label: string;
  hideLabel?: boolean;
  /** id of an element describing the field (e.g. its error message). */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The editor's HTML, with an empty document reported as ''. */
const htmlOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The ticket editor: Tiptap limited to bold, italic, underline, link
 * and code block, with a labelled toolbar whose toggles say whether they are on.
 */
export function RichTextEditor({ value, onChange, label, hideLabel, describedBy, invalid, disabled, className }: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const extensions = useMemo(() => richTextExtensions(), []);
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': invalid ? 'true' : 'false',
        class: 'rich-text-editor__content rich-text',
      },
    },
  });

  // Controlled: a value set from outside (a reset after sending) replaces the content. A layout
  // effect runs in the same task as the render, so no keystroke lands between the two: a
  // passive effect could run after the next key and take the value it carries for outside.
  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value === htmlOf(editor)) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      link: current?.isActive('link') ?? false,
      codeBlock: current?.isActive('codeBlock') ?? false,
      canUndo: current?.can().undo() ?? false,
      canRedo: current?.can().redo() ?? false,
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const linkFieldId = useId();

  const openLink = () => {
    if (!editor) return;
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
    setLinkOpen(true);
  };

  const applyLink = () => {
    if (!editor) return;
    const href = linkHref.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '' || href === 'https://') chain.unsetLink().run();
    else chain.setLink({ href }).run();
    setLinkOpen(false);
  };

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  const toggles = [
    { name: 'bold', label: t('richText.bold'), on: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { name: 'italic', label: t('richText.italic'), on: state?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    {
      name: 'underline',
      label: t('richText.underline'),
      on: state?.underline,
      run: () => editor?.chain().focus().toggleUnderline().run(),
    },
    { name: 'link', label: t('richText.link'), on: state?.link || linkOpen, run: openLink },
    {
      name: 'codeBlock',
      label: t('richText.codeBlock'),
      on: state?.codeBlock,
      run: () => editor?.chain().focus().toggleCodeBlock().run(),
    },
  ];

  return (
    <div className={['rich-text-editor', invalid ? 'rich-text-editor--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : 'rich-text-editor__label'}>
        {label}
      </span>
      <div role="toolbar" aria-label={t('richText.toolbar')} className="rich-text-editor__toolbar">
        {toggles.map((toggle) => (
          <button
            key={toggle.name}
            type="button"
            className={`rich-text-editor__button rich-text-editor__button--${toggle.name}`}
            aria-label={toggle.label}
            title={toggle.label}
            aria-pressed={toggle.on ? 'true' : 'false'}
            disabled={disabled || !editor}
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle.run}
          >
            <span aria-hidden="true">{ICONS[toggle.name]}</span>
          </button>
        ))}
        <button
          type="button"
          className="rich-text-editor__button"
          aria-label={t('richText.undo')}
          title={t('richText.undo')}
          disabled={disabled || !state?.canUndo}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor?.chain().focus().undo().run()}
        >
          <span aria-hidden="true">↶</span>
        </button>
        <button
          type="button"
          className="rich-text-editor__button"
          aria-label={t('richText.redo')}
          title={t('richText.redo')}
          disabled={disabled || !state?.canRedo}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor?.chain().focus().redo().run()}
        >
          <span aria-hidden="true">↷</span>
        </button>
      </div>
      {linkOpen ? (
        // Not a <form>: the editor usually sits inside the ticket's form.
        <div className="rich-text-editor__link" role="group" aria-label={t('richText.link')}>
          <label htmlFor={linkFieldId}>{t('richText.linkAddress')}</label>
          <input
            id={linkFieldId}
            type="url"
            value={linkHref}
            autoFocus
            onChange={(event) => setLinkHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLinkOpen(false);
              }
            }}
          />
          <button type="button" onClick={applyLink}>
            {t('richText.applyLink')}
          </button>
          <button type="button" onClick={removeLink}>
            {t('richText.removeLink')}
          </button>
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}

const LinkIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
    <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
  </svg>
);

const ICONS: Record<string, ReactNode> = {
  bold: 'B',
  italic: 'I',
  underline: 'U',
  link: <LinkIcon />,
  codeBlock: '</>',
};
