import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { toastStore } from './notify';

/**
 * react-toastify's container with the portal's settings (top-right, at most 5 at once;
 * `autoClose` is 2 s on the portal, 5 s on embedded service screens). Loaded on the first toast.
 */
export default function ToastHost({ autoClose }: { autoClose: number }) {
  useEffect(
    () =>
      toastStore.attach(({ kind, text, id }) => {
        toast[kind](text, id ? { toastId: id } : undefined);
      }),
    [],
  );
  return <ToastContainer position="top-right" autoClose={autoClose} limit={5} newestOnTop theme="dark" />;
}
