import { afterEach, describe, expect, it, vi } from 'vitest';
import { raiseToasts, TOAST_LAYER_ID } from './toast-layer';

describe('raiseToasts', () => {
  afterEach(() => document.getElementById(TOAST_LAYER_ID)?.remove());

  it('shows the toast layer again, so it is the top layer entry above the newest dialog', () => {
    const layer = document.createElement('div');
    layer.id = TOAST_LAYER_ID;
    let open = true;
    const hidePopover = vi.fn(() => void (open = false));
    const showPopover = vi.fn(() => void (open = true));
    Object.assign(layer, { hidePopover, showPopover, matches: (selector: string) => selector === ':popover-open' && open });
    document.body.append(layer);
    raiseToasts();
    expect(hidePopover).toHaveBeenCalledOnce();
    expect(showPopover).toHaveBeenCalledOnce();
    expect(hidePopover.mock.invocationCallOrder[0]).toBeLessThan(showPopover.mock.invocationCallOrder[0]!);
  });

  it('does nothing without a toast layer or popover support', () => {
    expect(() => raiseToasts()).not.toThrow();
  });
});
