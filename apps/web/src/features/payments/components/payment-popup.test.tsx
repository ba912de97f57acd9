import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPaymentStatus } from '@portal/contracts/payments';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { PaymentPopup } from './payment-popup';

const ID = '0b7d2a4e-1c1f-4e55-9a0e-2d4c5b6a7f80';

describe('PaymentPopup', () => {
  let status: TPaymentStatus;
  beforeEach(async () => {
    await setupI18n('en');
    status = 'pending';
    mockApi({ [`/api/payments/get/${ID}`]: () => ({ body: { data: { status, payload: null, token: null } } }) });
  });
  afterEach(() => vi.restoreAllMocks());

  const render = (props: Partial<React.ComponentProps<typeof PaymentPopup>> = {}) => {
    const onFinish = vi.fn();
    const onCancel = vi.fn(async () => {
      status = 'none';
    });
    renderRoutes([{ path: '/', element: <PaymentPopup paymentId={ID} onCancel={onCancel} onFinish={onFinish} {...props} /> }], '/');
    return { onFinish, onCancel };
  };

  it('waits with a progress bar and the pending label, polling until a final status', async () => {
    render();
    const popup = await screen.findByRole('dialog', { name: 'Payment status' });
    expect(within(popup).getByRole('progressbar')).toBeInTheDocument();
    expect(within(popup).getByText('Please wait')).toBeInTheDocument();
    await waitFor(() => expect(within(popup).getByText('Pending').getAttribute('data-status')).toBe('pending'));
    status = 'fail';
    await waitFor(() => expect(within(popup).getByRole('heading', { name: 'Not paid' })).toBeInTheDocument(), { timeout: 4000 });
    expect(within(popup).getByText('Payment failed').getAttribute('data-status')).toBe('fail');
  });

  it('a closed provider window while pending ends as none', async () => {
    const providerWindow = { closed: false } as Window;
    const { onFinish } = render({ providerWindow });
    const popup = await screen.findByRole('dialog', { name: 'Payment status' });
    await within(popup).findByText('Pending');
    (providerWindow as { closed: boolean }).closed = true;
    await waitFor(() => expect(within(popup).getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument(), { timeout: 3000 });
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'OK' }));
    expect(onFinish).toHaveBeenCalledWith({ paymentId: ID, status: 'none', isError: true, errorCode: 4000 });
  });

  it('a closed provider window asks the server first: a payment paid meanwhile shows paid, not none', async () => {
    const providerWindow = { closed: false } as Window;
    const onWindowClosed = vi.fn(async () => undefined);
    const { onFinish } = render({ providerWindow, onWindowClosed });
    const popup = await screen.findByRole('dialog', { name: 'Payment status' });
    await within(popup).findByText('Pending');
    status = 'paid';
    (providerWindow as { closed: boolean }).closed = true;
    await waitFor(() => expect(within(popup).getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument(), { timeout: 3000 });
    expect(onWindowClosed).toHaveBeenCalledOnce();
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'OK' }));
    expect(onFinish).toHaveBeenCalledWith({ paymentId: ID, status: 'paid', isError: false });
  });

  it('a state check that keeps failing ends the wait and hands the host 4017', async () => {
    const { onFinish } = render();
    const popup = await screen.findByRole('dialog', { name: 'Payment status' });
    await within(popup).findByText('Pending');
    mockApi({ [`/api/payments/get/${ID}`]: { status: 503, body: { code: 'INTERNAL_ERROR', message: 'down' } } });
    await waitFor(() => expect(within(popup).getByRole('heading', { name: 'Payment error' })).toBeInTheDocument(), { timeout: 4000 });
    expect(within(popup).getByRole('alert').textContent).toBe('Could not check the payment state.');
    expect(within(popup).queryByRole('progressbar')).toBeNull();
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'OK' }));
    expect(onFinish).toHaveBeenCalledWith({ paymentId: ID, status: 'pending', isError: true, errorCode: 4017 });
  });

  it('cancel asks for confirmation before calling the provider', async () => {
    const user = userEvent.setup();
    const { onCancel } = render();
    const popup = await screen.findByRole('dialog', { name: 'Payment status' });
    await user.click(within(popup).getByRole('button', { name: 'Cancel payment' }));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' })).getByRole('button', {
        name: 'Yes, cancel',
      }),
    );
    expect(onCancel).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(popup).getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument());
  });
});
