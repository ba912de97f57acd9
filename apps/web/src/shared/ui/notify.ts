import { i18n } from '../i18n/i18n';

/**
 * Toasts without react-toastify on the first page load: the first toast pulls in the toast
 * host (react-toastify and its container) and it shows every toast asked for until then.
 */
export type ToastKind = 'info' | 'success' | 'warning' | 'error';
export interface ToastRequest {
  kind: ToastKind;
  text: string;
  /** Same id, one toast: a failure retried or repeated shows once. */
  id?: string;
}

type Show = (request: ToastRequest) => void;

const pending: ToastRequest[] = [];
let show: Show | null = null;
let wanted = false;
const listeners = new Set<() => void>();

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether the toast host should be mounted. */
  isWanted: () => wanted,
  /** The mounted host registers itself and receives what was queued. */
  attach(next: Show) {
    show = next;
    pending.splice(0).forEach(next);
    return () => {
      if (show === next) show = null;
    };
  },
};

export function notify(request: ToastRequest): void {
  if (show) {
    show(request);
    return;
  }
  pending.push(request);
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
}

/** Shows an error toast (text under `errors.{code}`). */
export function notifyError(code: string): void {
  notify({ kind: 'error', text: i18n.t(`errors.${code}`, { defaultValue: code }), id: code });
}
