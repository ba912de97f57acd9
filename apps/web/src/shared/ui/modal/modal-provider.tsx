import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setRequestContext } from '@/shared/api/client';
import { Dialog, MODAL_CLOSE_DELAY_MS } from './dialog';
import { EMPTY_MODAL_VALUES, ModalContext, type ModalApi, type ModalOptions, type ModalValues } from './modal-context';

interface ModalState {
  content: ReactNode;
  options: ModalOptions;
  closing: boolean;
  /** Remounts the dialog (and its focus handling) for each new opening. */
  key: number;
}

const fill = (values: ModalValues | undefined): Required<ModalValues> => ({ ...EMPTY_MODAL_VALUES, ...values });

/** The global modal host: any feature opens content through `useModal()`. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const counter = useRef(0);
  // The modal as last committed; open() and close() keep it at once (a second call in the same event).
  const current = useRef<ModalState | null>(null);
  useLayoutEffect(() => {
    current.current = state;
  }, [state]);

  const open = useCallback((content: ReactNode, options: ModalOptions = {}) => {
    window.clearTimeout(timer.current);
    counter.current += 1;
    // The values reach the calls made by the modal's screens at once.
    const replaced = current.current;
    const { source, locale, project } = fill(options.values);
    if (options.values || replaced?.options.values) setRequestContext({ source, locale, project });
    // A modal replaced by another (or during its fade-out, whose timer was just cleared)
    // still gets its onClose once.
    replaced?.options.onClose?.();
    const next: ModalState = { content, options, closing: false, key: counter.current };
    current.current = next;
    setState(next);
  }, []);

  const close = useCallback(() => {
    const closing = current.current;
    if (!closing || closing.closing) return;
    window.clearTimeout(timer.current);
    // Unmount once the fade-out has played.
    timer.current = window.setTimeout(() => {
      setState((latest) => (latest?.key === closing.key ? null : latest));
      if (closing.options.values) setRequestContext({ source: null, locale: null, project: null });
      closing.options.onClose?.();
    }, MODAL_CLOSE_DELAY_MS);
    current.current = { ...closing, closing: true };
    setState((latest) => (latest?.key === closing.key ? { ...latest, closing: true } : latest));
  }, []);

  const update = useCallback((next: Pick<ModalOptions, 'label' | 'providerScreen'>) => {
    setState((current) => (current && !current.closing ? { ...current, options: { ...current.options, ...next } } : current));
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const values = state && !state.closing ? state.options.values : undefined;
  const api = useMemo<ModalApi>(
    () => ({ open, close, update, isOpen: state !== null && !state.closing, values: fill(values) }),
    [open, close, update, state, values],
  );

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
