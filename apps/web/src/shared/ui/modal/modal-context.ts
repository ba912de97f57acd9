import { createContext, useContext, type ReactNode } from 'react';

export interface ModalOptions {
  /** Accessible name of the dialog. */
  label?: string;
  /**
   * A payment-provider screen: Escape and outside clicks do not close it (the provider's
   * own flow ends it).
   */
  providerScreen?: boolean;
  /** Called once the modal is gone (after the fade-out). */
  onClose?: () => void;
}

export interface ModalApi {
  open: (content: ReactNode, options?: ModalOptions) => void;
  close: () => void;
  isOpen: boolean;
}

export const ModalContext = createContext<ModalApi | null>(null);

/** Opens content in the global modal from any feature. */
export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal needs <ModalProvider>');
  return api;
}
