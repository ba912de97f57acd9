import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionProps {
  /** The button's visible text. */
  label: string;
  /** The button's accessible name when the visible text alone is ambiguous (e.g. "Revoke key ppk_ab12"). */
  name?: string;
  /** The question asked before the action runs. */
  question: string;
  /** The confirming button's text. */
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
}

/**
 * A destructive action asked twice: the button turns into its question with the confirming
 * and cancelling buttons (focus moves to the question's confirm button; Escape or Cancel
 * returns focus to the first button).
 */
export function ConfirmAction({ label, name, question, confirm, busy = false, onConfirm }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      openRef.current?.focus();
    }
  }, [asking]);

  const cancel = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  if (!asking)
    return (
      <button ref={openRef} type="button" className="staff-button" disabled={busy} aria-label={name} onClick={() => setAsking(true)}>
        {label}
      </button>
    );

  return (
    <span
      role="group"
      aria-labelledby={questionId}
      className="staff-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <span id={questionId} className="staff-confirm__question">
        {question}
      </span>
      <button
        ref={confirmRef}
        type="button"
        className="staff-button staff-button--danger"
        disabled={busy}
        onClick={() => {
          returnFocus.current = true;
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>
      <button type="button" className="staff-button" onClick={cancel}>
        {t('staff.team.cancel')}
      </button>
    </span>
  );
}
