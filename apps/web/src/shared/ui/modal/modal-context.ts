import { createContext, useContext, type ReactNode } from 'react';

/**
 * The host's values a modal is opened with: opening with values loads
 * session, jwt, source, locale, project and id into the shared context; closing clears them.
 */
export interface ModalValues {
  session?: string | null;
  jwt?: string | null;
  source?: string | null;
  locale?: string | null;
  project?: string | null;
  /** the payment (or ticket) the modal is about */
  id?: string | null;
}

export interface ModalOptions {
  /** Accessible name of the dialog. */
  label?: string;
  /**
   * A payment-provider screen: Escape and outside clicks do not close it (the provider's
   * own flow ends it).
   */
  providerScreen?: boolean;
  /** Loaded into the shared context while the modal is open (see `useModalValues`). */
  values?: ModalValues;
  /** Called once the modal is gone (after the fade-out). */
  onClose?: () => void;
}

export interface ModalApi {
  open: (content: ReactNode, options?: ModalOptions) => void;
  close: () => void;
  /**
   * Changes the open modal's label or `providerScreen` (a flow that moves from the generic
   * payment screen to a provider screen inside one modal).
   */
  update: (options: Pick<ModalOptions, 'label' | 'providerScreen'>) => void;
  isOpen: boolean;
  /** The values of the open modal; all null when none is open. */
  values: Required<ModalValues>;
}

export const EMPTY_MODAL_VALUES: Required<ModalValues> = Object.freeze({
  session: null,
  jwt: null,
  source: null,
  locale: null,
  project: null,
  id: null,
});

export const ModalContext = createContext<ModalApi | null>(null);

/** Opens content in the global modal from any feature. */
export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal needs <ModalProvider>');
  return api;
}
