import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/shared/ui/modal/dialog';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface HeaderConfirmDialogProps {
  question: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The close button's question: a modal alert dialog, named by its question,
 * with focus kept inside (Tab and Shift+Tab wrap) and Escape answering No.
 */
export function HeaderConfirmDialog({ question, busy = false, onConfirm, onCancel }: HeaderConfirmDialogProps) {
  const { t } = useTranslation();
  const questionId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(boxRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !boxRef.current?.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !boxRef.current?.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Dialog labelledBy={questionId} onRequestClose={busy ? undefined : onCancel} className="header-confirm">
      <div ref={boxRef} role="presentation" onKeyDown={trapTab}>
        <p id={questionId} className="header-confirm__question">
          {question}
        </p>
        <div className="header-confirm__actions">
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {t('embed.no')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {t('embed.yes')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
