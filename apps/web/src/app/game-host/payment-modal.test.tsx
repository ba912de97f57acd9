import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parsePaymentUrl } from '@/shared/bridge/host-bridge';
import { ModalProvider } from '@/shared/ui/modal/modal-provider';
import { useModal } from '@/shared/ui/modal/modal-context';
import { PaymentModal } from './payment-modal';
import { paymentModalValues } from './payment-target';

// The flow's steps as the payments feature renders them: the provider step has its heading id.
vi.mock('@/features/payments', () => ({
  PaymentFlow: ({ paymentId, project }: { paymentId: string; project?: string | null }) => {
    const [provider, setProvider] = useState(false);
    return provider ? (
      <section aria-labelledby="payment-provider-title">
        <h2 id="payment-provider-title">Provider for {paymentId}</h2>
      </section>
    ) : (
      <section>
        <h1>
          Payment {paymentId} of {project}
        </h1>
        <button type="button" onClick={() => setProvider(true)}>
          Continue
        </button>
      </section>
    );
  },
}));

function Opener() {
  const modal = useModal();
  const values = paymentModalValues(
    parsePaymentUrl('http://localhost:3000/payments/process/p-1/web?project=familytown', 'http://localhost:3000')!,
  );
  return (
    <button
      type="button"
      onClick={() => modal.open(<PaymentModal values={values} onDone={() => undefined} />, { label: 'Payment', values })}
    >
      Open
    </button>
  );
}

describe('PaymentModal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes on an outside click on the generic screen but not on a provider screen', async () => {
    render(
      <ModalProvider>
        <Opener />
      </ModalProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('heading', { name: 'Payment p-1 of familytown' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await act(async () => {
      await Promise.resolve(); // the MutationObserver's callback
    });
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog', { name: 'Payment' })).toBeInTheDocument();
  });

  it('the generic screen closes on an outside click', () => {
    render(
      <ModalProvider>
        <Opener />
      </ModalProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('paymentModalValues', () => {
  const own = 'https://portal.example';
  it('takes the path segments first, then the query values', () => {
    const target = parsePaymentUrl(`${own}/payments/process/p-9/web/ru/familytown/jwt-1?project=other&session=s-1&source=x`, own)!;
    // the portal pays with its own session, never a token the game put in the URL
    expect(paymentModalValues(target)).toEqual({
      id: 'p-9',
      source: 'web',
      locale: 'ru',
      project: 'familytown',
      jwt: null,
      session: 's-1',
    });
    const queryOnly = parsePaymentUrl(`${own}/payments/process/p-8?locale=en&project=neuroarena`, own)!;
    expect(paymentModalValues(queryOnly)).toEqual({
      id: 'p-8',
      source: null,
      locale: 'en',
      project: 'neuroarena',
      jwt: null,
      session: null,
    });
  });
});
