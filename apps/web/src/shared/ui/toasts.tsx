import { Suspense, lazy, useSyncExternalStore } from 'react';
import { toastStore } from './notify';

const ToastHost = lazy(() => import('./toast-host'));

/** Mounts the toast host once a toast is asked for; toasts close after `autoClose` ms. */
export function Toasts({ autoClose }: { autoClose: number }) {
  const wanted = useSyncExternalStore(toastStore.subscribe, toastStore.isWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost autoClose={autoClose} />
    </Suspense>
  );
}
