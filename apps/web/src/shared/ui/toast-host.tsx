import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { toastStore } from './notify';

/**
 * react-toastify's container with the portal's settings (spec: top-right, 2 s on the portal,
 * at most 5 at once). Loaded on the first toast.
 */
export default function ToastHost() {
  useEffect(
    () =>
      toastStore.attach(({ kind, text, id }) => {
        toast[kind](text, id ? { toastId: id } : undefined);
      }),
    [],
  );
  return <ToastContainer position="top-right" autoClose={2000} limit={5} newestOnTop theme="dark" />;
}
