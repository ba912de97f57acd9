/**
 * The toasts' layer: a manual popover, so it sits in the top layer like modal dialogs do. The
 * top layer stacks in the order things were shown, so each dialog shown raises the toasts
 * above it again.
 */
export const TOAST_LAYER_ID = 'toast-layer';

export function raiseToasts(): void {
  const layer = document.getElementById(TOAST_LAYER_ID);
  if (!layer || typeof layer.showPopover !== 'function') return;
  if (layer.matches(':popover-open')) layer.hidePopover();
  layer.showPopover();
}
