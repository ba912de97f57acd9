import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { assertStubsMatchContracts } from './contract';

// findBy and waitFor wait for what a lazy route or an answer brings: on a loaded machine
// that takes longer than Testing Library's default second, so they get the time it takes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  assertStubsMatchContracts();
});

// jsdom has <dialog> but neither showModal nor close: stand-ins that open and close it, and
// Escape as browsers handle it (a cancelable `cancel` on the topmost modal dialog, which closes
// it unless prevented). No top layer and no inert page behind it.
if (
  typeof HTMLDialogElement !== 'undefined' &&
  typeof (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal !== 'function'
) {
  const modals: HTMLDialogElement[] = [];
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
      if (this.hasAttribute('open')) return;
      this.setAttribute('open', '');
      modals.push(this);
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement, returnValue?: string) {
      const at = modals.indexOf(this);
      if (at >= 0) modals.splice(at, 1);
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      if (returnValue !== undefined) this.returnValue = returnValue;
      this.dispatchEvent(new Event('close'));
    },
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.filter((dialog) => dialog.isConnected && dialog.hasAttribute('open')).at(-1);
    if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
