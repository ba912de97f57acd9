import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize';
import './rich-text.css';

interface RichTextProps {
  html: string;
  className?: string;
}

/** Shows message HTML after DOMPurify kept only the editor's allowlist. */
export function RichText({ html, className }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // Sanitized just above with the shared allowlist (DOMPURIFY_CONFIG).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
