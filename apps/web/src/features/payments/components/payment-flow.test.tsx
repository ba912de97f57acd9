import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPaymentProcessResponse, TPaymentStatus } from '@portal/contracts/payments';
import { PAYMENT_PROVIDER_CONFIG } from '@portal/contracts/payments';
import { runServiceCloseHandler } from '@/shared/bridge/service-bridge-close';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import type { PaymentHostResult } from '../result';
import { PaymentFlow } from './payment-flow';

const ID = '0b7d2a4e-1c1f-4e55-9a0e-2d4c5b6a7f80';
const process = (mail: string | null): TPaymentProcessResponse => ({
  provider: null,
  providerId: null,
  paymentData: {
    projectName: 'familytown',
    cardLogoImage: '',
    ruName: 'Сундук монет',
    enName: 'Chest of coins',
    ruPrice: 349,
    enPrice: 4.99,
  },
  profileData: { mailToReceiveCheck: mail, nickName: 'Farmer' },
  providers: [
    { ...PAYMENT_PROVIDER_CONFIG.stripe, methods: ['card'] },
    { ...PAYMENT_PROVIDER_CONFIG.yookassa, methods: ['card', 'yooMoney'] },
  ],
});

describe('PaymentFlow', () => {
  let status: TPaymentStatus;
  let finished: boolean;
  let calls: { url: string; body?: unknown }[];
  beforeEach(async () => {
    await setupI18n('en');
    status = 'none';
    finished = false;
    calls = [];
  });
  afterEach(() => vi.restoreAllMocks());

  function mock(mail: string | null) {
    const spy = mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: ['stripe', 'yookassa'], extra: [] },
            mainData: { projectName: 'familytown', outOfCatalog: false },
            knownProjects: ['familytown'],
            allowedOrigins: [],
          },
        },
      },
      [`/api/payments/process/${ID}`]: { body: { data: process(mail) } },
      [`/api/payments/get/${ID}`]: () => ({
        body: {
          data: {
            status,
            payload: 'p-1',
            token: status === 'paid' ? 'h.p.s' : null,
            finished: finished || status === 'paid' || status === 'fail',
          },
        },
      }),
      '/api/payments/update-mail-to-receive-check': { body: { data: { result: true } } },
      '/api/payments/stripe/cancellation-payment': () => {
        status = 'none';
        return { body: { data: { status } } };
      },
      [`/api/payments/stripe/create/${ID}`]: { body: { data: { clientSecret: '', id: 'sbx_1', sandbox: true, publishableKey: null } } },
      [`/api/payments/set-pending/${ID}`]: () => {
        status = 'pending';
        return { body: { data: { status } } };
      },
      [`/api/payments/sandbox/${ID}/complete`]: () => {
        status = 'paid';
        return { body: { data: { status } } };
      },
    });
    const original = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return original(input, init);
    });
  }

  const render = (onDone: (result: PaymentHostResult) => void) =>
    renderRoutes([{ path: '/', element: <PaymentFlow paymentId={ID} project="familytown" inModal onDone={onDone} /> }], '/');

  it('shows the item by the chosen currency and checks the receipt e-mail', async () => {
    mock(null);
    const user = userEvent.setup();
    render(() => {});
    expect(await screen.findByText('Chest of coins')).toBeInTheDocument();
    // The transactions' money format: $ before dollars, ₽ after roubles.
    expect(screen.getByTestId('payment-price').textContent).toBe('$4.99');
    await user.click(screen.getByRole('radio', { name: /YooKassa/ }));
    expect(screen.getByText('Сундук монет')).toBeInTheDocument();
    expect(screen.getByTestId('payment-price').textContent).toBe('349 ₽');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your e-mail')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail for the receipt'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('update-mail-to-receive-check'))).toBe(false);
  });

  it('pays through the sandbox: the new e-mail is saved first, then pending, then paid with payload and token', async () => {
    mock('old@example.com');
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(onDone);
    const email = await screen.findByLabelText('E-mail for the receipt');
    await user.clear(email);
    await user.type(email, 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('update-mail-to-receive-check'))?.body).toEqual({ email: 'new@example.com' });

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const popup = await screen.findByRole('dialog', { name: 'Payment status' });
    await waitFor(() => expect(within(popup).getByText('Payment successful')).toBeInTheDocument(), { timeout: 5000 });
    expect(calls.find((c) => c.url.includes('/complete'))?.body).toEqual({ outcome: 'paid' });
    expect(calls.filter((c) => c.url.includes('/stripe/create/'))).toHaveLength(1);
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(onDone).toHaveBeenCalledWith({ paymentId: ID, status: 'paid', isError: false, payload: 'p-1', token: 'h.p.s' });
  });

  it('a jwt handed in by the host signs the calls', async () => {
    mock('me@example.com');
    renderRoutes([{ path: '/', element: <PaymentFlow paymentId={ID} jwt="host.jwt.token" inModal onDone={() => {}} /> }], '/');
    expect(await screen.findByText('Chest of coins')).toBeInTheDocument();
    const spy = vi.mocked(globalThis.fetch);
    const processCall = spy.mock.calls.find(([url]) => String(url).startsWith('/api/payments/process/'));
    expect((processCall![1]!.headers as Headers).get('authorization')).toBe('Bearer host.jwt.token');
  });

  it('a provider that cannot create the payment shows an error and ends with its code (stripe 4007)', async () => {
    mock('me@example.com');
    const spy = vi.mocked(globalThis.fetch);
    const answer = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/payments/stripe/create/')
        ? new Response(JSON.stringify({ code: 'PAYMENT_PROVIDER_ERROR', message: 'down' }), { status: 502 })
        : answer(input, init),
    );
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(onDone);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Payment via Stripe', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('The payment provider could not be reached. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledWith({ paymentId: ID, status: 'none', isError: true, errorCode: 4007 });
  });

  it("the embedded header's close cancels the Stripe intent first and delivers nothing itself", async () => {
    mock('me@example.com');
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(onDone);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(await runServiceCloseHandler()).toBe(true);
    expect(calls.find((c) => c.url.includes('stripe/cancellation-payment'))?.body).toEqual({ paymentId: ID, stripePaymentId: 'sbx_1' });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('cancelling asks first, then ends as none with code 4000', async () => {
    mock('me@example.com');
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(onDone);
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to cancel the payment?' });
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to cancel the payment?' })).getByRole('button', {
        name: 'Yes, cancel',
      }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ paymentId: ID, status: 'none', isError: true, errorCode: 4000 }));
  });

  describe('opened again after it ended or started (the game reopens it, a reload)', () => {
    const ended: [string, TPaymentStatus, boolean, string, PaymentHostResult][] = [
      ['paid', 'paid', true, 'Payment successful', { paymentId: ID, status: 'paid', isError: false, payload: 'p-1', token: 'h.p.s' }],
      ['failed', 'fail', true, 'Not paid', { paymentId: ID, status: 'fail', isError: true, errorCode: 4018 }],
      [
        'cancelled after a provider attempt',
        'none',
        true,
        'Payment cancelled',
        { paymentId: ID, status: 'none', isError: true, errorCode: 4000 },
      ],
    ];
    it.each(ended)(
      '%s: shows its end at once with the id; OK hands on the matching result, nothing is offered or created',
      async (_, endStatus, endFinished, title, result) => {
        mock('me@example.com');
        status = endStatus;
        finished = endFinished;
        const user = userEvent.setup();
        const onDone = vi.fn();
        render(onDone);
        const popup = await screen.findByRole('dialog', { name: 'Payment status' });
        expect(await within(popup).findByRole('heading', { name: title })).toBeInTheDocument();
        expect(within(popup).getByText(ID)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
        expect(within(popup).queryByRole('button', { name: 'Cancel payment' })).toBeNull();
        await user.click(within(popup).getByRole('button', { name: 'OK' }));
        expect(onDone).toHaveBeenCalledWith(result);
        expect(calls.some((c) => c.url.includes('/create/'))).toBe(false);
      },
    );

    it('on a provider route too: a paid payment creates nothing at the provider', async () => {
      mock('me@example.com');
      status = 'paid';
      const onDone = vi.fn();
      renderRoutes(
        [{ path: '/', element: <PaymentFlow paymentId={ID} project="familytown" provider="stripe" inModal onDone={onDone} /> }],
        '/',
      );
      const popup = await screen.findByRole('dialog', { name: 'Payment status' });
      expect(await within(popup).findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
      expect(calls.some((c) => c.url.includes('/create/'))).toBe(false);
    });

    it('pending: the pending popup (no second payment offered), which ends when the payment does', async () => {
      mock('me@example.com');
      status = 'pending';
      const user = userEvent.setup();
      const onDone = vi.fn();
      render(onDone);
      const popup = await screen.findByRole('dialog', { name: 'Payment status' });
      expect(within(popup).getByRole('heading', { name: 'Your payment is being processed' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      status = 'paid';
      expect(await within(popup).findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeInTheDocument();
      await user.click(within(popup).getByRole('button', { name: 'OK' }));
      expect(onDone).toHaveBeenCalledWith({ paymentId: ID, status: 'paid', isError: false, payload: 'p-1', token: 'h.p.s' });
    });
  });
});
