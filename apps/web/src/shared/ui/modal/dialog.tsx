import { useId, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { raiseToasts } from '../toast-layer';
import './dialog.css';

export const MODAL_CLOSE_DELAY_MS = 300;

export interface DialogProps {
  /** The accessible name, unless the content has a heading pointed to by labelledBy. */
  label?: string;
  labelledBy?: string;
  /** Escape and a click outside ask to close; false for screens that must not be dismissed. */
  dismissible?: boolean;
  /** Playing the fade-out before unmounting. */
  closing?: boolean;
  onRequestClose?: () => void;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native `<dialog>` (shown with showModal: in the top layer, the page
 * behind inert, focus kept inside): overlay, fade in/out, focus moved in and given back on
 * unmount. Escape (the dialog's cancel) and a click outside the panel ask to close. Used by
 * the global modal host and by screens that own their dialog (the age gate).
 */
export function Dialog({
  label,
  labelledBy,
  dismissible = true,
  closing = false,
  onRequestClose,
  className,
  style,
  children,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const fallbackId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Dialogs inside this one that were shown in the same commit (their effects run first)
    // go back above it, and keep the focus they took.
    const inner = [...dialog.querySelectorAll('dialog')].filter((nested) => nested.open);
    for (const nested of inner) {
      nested.close();
      nested.showModal();
    }
    // Toasts stay above the newest dialog.
    raiseToasts();
    const panel = panelRef.current;
    if (inner.length === 0) (panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`dialog-overlay${closing ? ' dialog-overlay--closing' : ''}`}
      data-testid="dialog-overlay"
      aria-modal="true"
      aria-label={labelledBy ? undefined : (label ?? fallbackId)}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up its tree too: only this dialog's own counts.
        if (event.target !== event.currentTarget) return;
        // The dialog closes when its owner unmounts it (after the fade-out), never by itself.
        event.preventDefault();
        if (dismissible) onRequestClose?.();
      }}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onRequestClose?.();
      }}
    >
      <div ref={panelRef} tabIndex={-1} className={`dialog-panel${className ? ` ${className}` : ''}`} style={style}>
        {children}
      </div>
    </dialog>
  );
}
