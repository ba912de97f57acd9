import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { ModalProvider } from './modal-provider';
import { useModal, type ModalOptions } from './modal-context';

function Opener({ options }: { options?: ModalOptions }) {
  const modal = useModal();
  return (
    <button type="button" onClick={() => modal.open(<button type="button">Inside</button>, { label: 'Test', ...options })}>
      Open
    </button>
  );
}

const renderHost = (options?: ModalOptions) =>
  render(
    <ModalProvider>
      <Opener options={options} />
    </ModalProvider>,
  );

describe('ModalProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a modal dialog and moves focus into it', () => {
    renderHost();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Test' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // the native <dialog>, shown modal (the setup's stand-in for showModal)
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
  });

  it('closes on an outside click after the 300 ms fade-out and gives focus back', () => {
    renderHost();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    expect(screen.getByTestId('dialog-overlay').classList.contains('dialog-overlay--closing')).toBe(true);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape', () => {
    renderHost();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape reaches only the topmost dialog', () => {
    function Nested() {
      const modal = useModal();
      const [inner, setInner] = useState(true);
      return (
        <button
          type="button"
          onClick={() =>
            modal.open(
              inner ? (
                <Dialog label="Inner" onRequestClose={() => setInner(false)}>
                  inner
                </Dialog>
              ) : null,
              { label: 'Outer' },
            )
          }
        >
          Open
        </button>
      );
    }
    render(
      <ModalProvider>
        <Nested />
      </ModalProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Inner' }), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
  });

  it('a click inside the dialog does not close it', () => {
    renderHost();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Inside' }));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });

  it('keeps payment-provider screens open on outside clicks and Escape', () => {
    renderHost({ providerScreen: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });
});

describe('ModalProvider values and updates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function Probe() {
    const modal = useModal();
    return (
      <>
        <output aria-label="values">{JSON.stringify(modal.values)}</output>
        <button
          type="button"
          onClick={() =>
            modal.open(
              <button type="button" onClick={() => modal.update({ providerScreen: true })}>
                To provider
              </button>,
              { label: 'Pay', values: { session: 's1', jwt: 'j', source: 'web', locale: 'ru', project: 'familytown', id: 'p1' } },
            )
          }
        >
          Open with values
        </button>
      </>
    );
  }

  it('loads the values into the context and the request headers while open, and clears them on close', async () => {
    const { getRequestContext } = await import('@/shared/api/client');
    render(
      <ModalProvider>
        <Probe />
      </ModalProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open with values' }));
    expect(JSON.parse(screen.getByLabelText('values').textContent ?? '{}')).toEqual({
      session: 's1',
      jwt: 'j',
      source: 'web',
      locale: 'ru',
      project: 'familytown',
      id: 'p1',
    });
    expect(getRequestContext()).toMatchObject({ source: 'web', locale: 'ru', project: 'familytown' });
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(screen.getByLabelText('values').textContent ?? '{}')).toMatchObject({ session: null, id: null });
    expect(getRequestContext()).toMatchObject({ source: null, locale: null, project: null });
  });

  it('an open modal can become a provider screen that outside clicks do not close', () => {
    render(
      <ModalProvider>
        <Probe />
      </ModalProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open with values' }));
    fireEvent.click(screen.getByRole('button', { name: 'To provider' }));
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog', { name: 'Pay' })).not.toBeNull();
  });

  it('a modal replaced by another still gets its onClose', () => {
    const onClose = vi.fn();
    function Replacer() {
      const modal = useModal();
      return (
        <button
          type="button"
          onClick={() => {
            modal.open(<p>first</p>, { label: 'First', onClose });
            modal.open(<p>second</p>, { label: 'Second' });
          }}
        >
          Twice
        </button>
      );
    }
    render(
      <ModalProvider>
        <Replacer />
      </ModalProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Twice' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
  });
});
