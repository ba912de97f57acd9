import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog, MODAL_CLOSE_DELAY_MS } from './dialog';
import { ModalContext, type ModalApi, type ModalOptions } from './modal-context';

interface ModalState {
  content: ReactNode;
  options: ModalOptions;
  closing: boolean;
  /** Remounts the dialog (and its focus handling) for each new opening. */
  key: number;
}

/** The global modal host: any feature opens content through `useModal()`. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const counter = useRef(0);

  const open = useCallback((content: ReactNode, options: ModalOptions = {}) => {
    window.clearTimeout(timer.current);
    counter.current += 1;
    setState({ content, options, closing: false, key: counter.current });
  }, []);

  const close = useCallback(() => {
    setState((current) => {
      if (!current || current.closing) return current;
      window.clearTimeout(timer.current);
      // Unmount once the fade-out has played.
      timer.current = window.setTimeout(() => {
        setState((latest) => (latest?.key === current.key ? null : latest));
        current.options.onClose?.();
      }, MODAL_CLOSE_DELAY_MS);
      return { ...current, closing: true };
    });
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const api = useMemo<ModalApi>(() => ({ open, close, isOpen: state !== null && !state.closing }), [open, close, state]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {state && (
        <Dialog
          key={state.key}
          label={state.options.label}
          dismissible={!state.options.providerScreen}
          closing={state.closing}
          onRequestClose={close}
        >
          {state.content}
        </Dialog>
      )}
    </ModalContext.Provider>
  );
}
