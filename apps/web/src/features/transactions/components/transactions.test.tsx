import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_HELP_REASONS } from '@portal/contracts/payment-help';
import { clearSignIn, storeSignIn } from '@/shared/auth/auth-store';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { TransactionsPanel } from '../index';
import { TransactionHelpPage } from './transaction-help-page';
import { TransactionsPage } from './transactions-page';
import { changeValue } from '@/test/change-value';
import userEvent from '@testing-library/user-event';

const USER_ID = '5b1f3c2e-7a4d-4e0b-9c1a-2f3e4d5c6b7a';
const PAID = {
  uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  createTs: new Date(2026, 10, 20, 12).toISOString(),
  title: 'Мешок монет',
  price: 79,
  currency: 'RUB',
  status: 'paid',
  projectName: 'familytown',
};
const PENDING = {
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  createTs: new Date(2026, 10, 21, 12).toISOString(),
  title: 'Handful of gems',
  price: 1.99,
  currency: 'USD',
  status: 'pending',
  projectName: 'neuroarena',
};

const routes = [
  { path: '/', element: <p>Start page</p> },
  { path: '/transactions', element: <TransactionsPage /> },
  { path: '/transactions/help/:id?', element: <TransactionHelpPage /> },
];

describe('transactions', () => {
  let posted: unknown[];
  beforeEach(async () => {
    await setupI18n('en');
    storeSignIn({ jwt: 'jwt-1', userId: USER_ID, nickName: 'Farmer', currentAuthType: 'email' });
    posted = [];
  });
  afterEach(() => {
    clearSignIn();
    vi.restoreAllMocks();
  });

  const api = (overrides: Parameters<typeof mockApi>[0] = {}) => {
    const spy = mockApi({
      '/api/payments/get-user-payments': { body: { data: [PENDING, PAID] } },
      [`/api/payments/get-user-payment?paymentId=${PAID.uuid}`]: { body: { data: { result: PAID } } },
      '/api/payments/get-user-payment': { body: { data: { result: null } } },
      '/api/payments/send-letter-support': { body: { data: { result: true } } },
      ...overrides,
    });
    return spy;
  };

  it('sends a signed-out visitor to the start page', async () => {
    clearSignIn();
    api();
    const { router } = renderRoutes(routes, '/transactions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lists purchases with date, title, coloured status and price; a row opens and its header closes it', async () => {
    api();
    renderRoutes(routes, '/transactions');
    const list = await screen.findByRole('list', { name: 'Your purchases' });
    const rows = within(list).getAllByRole('button', { expanded: false });
    expect(rows.map((row) => row.textContent)).toEqual(['2026-11-21Handful of gemsPending$1.99', '2026-11-20Мешок монетPaid79 ₽']);
    expect(within(rows[0]!).getByText('Pending').className).toContain('tx-status--pending');
    expect(within(rows[1]!).getByText('Paid').className).toContain('tx-status--paid');

    fireEvent.click(rows[1]!);
    expect(rows[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(PAID.uuid)).toBeInTheDocument();
    expect(screen.getByText('familytown')).toBeInTheDocument();
    expect(screen.getByText('Debit card')).toBeInTheDocument();
    for (const name of ['Copy ID', 'Open receipt', 'Ask for help']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    fireEvent.click(rows[1]!);
    expect(rows[1]!.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(PAID.uuid)).toBeNull();
  });

  it('marks a partly and a fully refunded purchase, with what came back', async () => {
    const partly = { ...PAID, refunded: 'partial', refundedPrice: 39.5 };
    const whole = { ...PENDING, status: 'paid', refunded: 'full', refundedPrice: 1.99 };
    api({ '/api/payments/get-user-payments': { body: { data: [whole, partly] } } });
    renderRoutes(routes, '/transactions');
    const list = await screen.findByRole('list', { name: 'Your purchases' });
    const rows = within(list).getAllByRole('button', { expanded: false });
    expect(within(rows[0]!).getByText('Refunded').className).toContain('tx-status--refunded');
    expect(within(rows[1]!).getByText('Partly refunded')).toBeInTheDocument();
    fireEvent.click(rows[1]!);
    expect(screen.getByText('Refunded', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText(/^39,50\s₽$/)).toBeInTheDocument();
  });

  it('shows the no-purchases stub for an empty history', async () => {
    api({ '/api/payments/get-user-payments': { body: { data: [] } } });
    renderRoutes(routes, '/transactions');
    expect(await screen.findByText('You have not bought anything yet')).toBeInTheDocument();
    expect(document.querySelector('img[src="/main_images/no-purchases.svg"]')).not.toBeNull();
  });

  it('copies the id; opens a ready receipt in a new tab, says to wait while it is made', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window);
    let link = '';
    api({ '/api/user/get-receipt-link': () => ({ body: { data: { result: link } } }) });
    renderRoutes(routes, '/transactions');
    fireEvent.click(await screen.findByRole('button', { name: /Мешок монет/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy ID' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PAID.uuid));

    fireEvent.click(screen.getByRole('button', { name: 'Open receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(within(dialog).getByText('The receipt is being generated. Please wait a little.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    link = `/api/user/receipts/${PAID.uuid}.pdf?t=1.x`;
    fireEvent.click(screen.getByRole('button', { name: 'Open receipt' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(link, '_blank'));
  });

  it('offers no receipt for a purchase that is not paid: the action is disabled and says why', async () => {
    const fetchSpy = api();
    renderRoutes(routes, '/transactions');
    fireEvent.click(await screen.findByRole('button', { name: /Handful of gems/ }));
    const receipt = screen.getByRole('button', { name: 'Open receipt' }) as HTMLButtonElement;
    expect(receipt.disabled).toBe(true);
    expect(receipt.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(receipt.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A receipt is available once the purchase is paid.',
    );
    // A person's click (a disabled button gets none; jsdom's synthetic one would reach it).
    await userEvent.click(receipt);
    expect(fetchSpy.mock.calls.some(([url]) => String(url).startsWith('/api/user/get-receipt-link'))).toBe(false);
    expect((screen.getByRole('button', { name: 'Copy ID' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Ask for help' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not open anything when the receipt link fails', async () => {
    const open = vi.spyOn(window, 'open');
    api({ '/api/user/get-receipt-link': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } } });
    renderRoutes(routes, '/transactions');
    fireEvent.click(await screen.findByRole('button', { name: /Мешок монет/ }));
    const button = screen.getByRole('button', { name: 'Open receipt' });
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Ask for help" goes to the help form, which sends the request once a reason and a valid e-mail are given', async () => {
    const fetchSpy = api();
    const { router } = renderRoutes(routes, '/transactions');
    fireEvent.click(await screen.findByRole('button', { name: /Мешок монет/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for help' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(`/transactions/help?id=${PAID.uuid}`));

    expect(await screen.findByRole('heading', { name: 'Payment support request' })).toBeInTheDocument();
    expect(screen.getByText(PAID.uuid)).toBeInTheDocument();
    expect(screen.getByText(USER_ID)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Drop not credited' }));
    expect(send.disabled).toBe(true);
    const email = screen.getByRole('textbox', { name: 'E-mail for feedback' });
    changeValue(email, 'not-an-email');
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    changeValue(email, ' Me@Example.com ');
    fireEvent.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Request sent' });
    const call = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/payments/send-letter-support');
    posted.push(JSON.parse(String((call![1] as RequestInit).body)));
    expect(posted[0]).toEqual({
      data: {
        nickName: 'Farmer',
        currentAuthType: 'email',
        email: 'me@example.com',
        reason: PAYMENT_HELP_REASONS.dropNotCredited,
        paymentId: PAID.uuid,
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('an emptied e-mail asks for one; a failed request shows the payment failure text', async () => {
    api({ '/api/payments/send-letter-support': { status: 502, body: { code: 'MAIL_NOT_SENT', message: 'x' } } });
    renderRoutes(routes, `/transactions/help/${PAID.uuid}`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    const email = screen.getByRole('textbox', { name: 'E-mail for feedback' });
    // Cleared after typing: the field asks for an e-mail when left.
    changeValue(email, 'm');
    changeValue(email, '');
    fireEvent.blur(email);
    expect(await screen.findByText('Enter your e-mail')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    changeValue(email, 'me@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a payment that is not the player’s goes back to the history', async () => {
    api();
    const { router } = renderRoutes(routes, '/transactions/help?id=00000000-0000-4000-8000-000000000000');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
  });

  it('TransactionsPanel opens help inside itself; OK after sending closes the modal', async () => {
    api();
    const onClose = vi.fn();
    const { router } = renderRoutes([{ path: '/', element: <TransactionsPanel onClose={onClose} /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: /Мешок монет/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for help' }));
    expect(await screen.findByRole('heading', { name: 'Payment support request' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    changeValue(screen.getByRole('textbox', { name: 'E-mail for feedback' }), 'me@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Request sent' })).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});
