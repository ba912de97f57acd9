import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { toastStore } from './notify';
import { raiseToasts, TOAST_LAYER_ID } from './toast-layer';
import './toast-layer.css';

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
  // In the top layer: visible above an open modal dialog.
  useEffect(() => raiseToasts(), []);
  return (
    <div id={TOAST_LAYER_ID} popover="manual" className="toast-layer">
      <ToastContainer position="top-right" autoClose={autoClose} limit={5} newestOnTop theme="dark" />
    </div>
  );
}
