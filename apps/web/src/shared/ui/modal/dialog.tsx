import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
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

/**
 * A modal dialog: overlay, fade in/out, focus moved in and given back on unmount. Used by
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
  const panelRef = useRef<HTMLDivElement>(null);
  const fallbackId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(
      'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    (first ?? panel)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  useEffect(() => {
    if (!dismissible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onRequestClose?.();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dismissible, onRequestClose]);

  return (
    <div
      className={`dialog-overlay${closing ? ' dialog-overlay--closing' : ''}`}
      data-testid="dialog-overlay"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onRequestClose?.();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={labelledBy ? undefined : (label ?? fallbackId)}
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`dialog-panel${className ? ` ${className}` : ''}`}
        style={style}
      >
        {children}
      </div>
    </div>
  );
}
