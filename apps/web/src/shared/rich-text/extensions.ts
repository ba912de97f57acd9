import StarterKit from '@tiptap/starter-kit';
import { EDITOR_ALLOWLIST } from '@portal/contracts/support-constants';

/** The ticket editor keeps 100 undo steps, grouping typing within 500 ms. */
export const EDITOR_HISTORY = { depth: 100, newGroupDelay: 500 } as const;

/**
 * Only bold, italic, underline, link and code block. StarterKit is cut down
 * to those (plus the document, paragraph, text and hard break it needs and the history).
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      blockquote: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      listKeymap: false,
      code: false,
      heading: false,
      horizontalRule: false,
      strike: false,
      dropcursor: false,
      gapcursor: false,
      trailingNode: false,
      undoRedo: EDITOR_HISTORY,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        protocols: ['http', 'https', 'mailto'],
        defaultProtocol: 'https',
        isAllowedUri: (url) => /^(?:https?:|mailto:)/i.test(url.trim()),
        HTMLAttributes: { ...EDITOR_ALLOWLIST.linkAttributes, class: null },
      },
      codeBlock: { HTMLAttributes: { class: null } },
    }),
  ];
}
