import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { setStaffToken } from '../../api/staff-session';
import { StaffApp } from '../../components/staff-app';
import { changeValue } from '@/test/change-value';

// chart.js wants a real canvas; the figures it draws are checked through the table beside it.
vi.mock('./revenue-chart', () => ({
  RevenueChart: ({ label }: { label: string }) => <canvas role="img" aria-label={label} />,
}));

const renderStaff = (path: string) => renderRoutes([{ path: '/staff/*', element: <StaffApp /> }], path);

const paymentId = '7d3c1f2e-0000-4000-8000-000000000001';
const payment = {
  paymentId,
  project: 'familytown',
  userId: 'user-1',
  priceId: 'ft-coins-100',
  status: 'paid',
  amount: '79.00',
  amountMinor: 7900,
  currency: 'RUB',
  provider: 'yookassa',
  payload: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:01:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  providerRef: 'yk-1',
  receiptEmail: null,
  titleRu: 'Мешок монет',
  titleEn: 'Bag of coins',
  refundedAmount: '0.00',
  refundedAmountMinor: 0,
  livemode: true,
};
const page = (total: number, pageNumber = 1, pageSize = 25) => ({ data: { items: [payment], total, page: pageNumber, pageSize } });
const report = {
  rows: [
    {
      day: '2026-11-20',
      project: 'familytown',
      currency: 'RUB',
      payments: 2,
      amountMinor: 15800,
      amount: '158.00',
      refundsMinor: 3000,
      refunds: '30.00',
      disputesMinor: 0,
      disputes: '0.00',
      netMinor: 12800,
      net: '128.00',
    },
    {
      day: '2026-11-21',
      project: 'neuroarena',
      currency: 'USD',
      payments: 1,
      amountMinor: 199,
      amount: '1.99',
      refundsMinor: 0,
      refunds: '0.00',
      disputesMinor: 0,
      disputes: '0.00',
      netMinor: 199,
      net: '1.99',
    },
  ],
  totals: [
    {
      currency: 'RUB',
      payments: 2,
      amountMinor: 15800,
      amount: '158.00',
      refundsMinor: 3000,
      refunds: '30.00',
      disputesMinor: 0,
      disputes: '0.00',
      netMinor: 12800,
      net: '128.00',
    },
    {
      currency: 'USD',
      payments: 1,
      amountMinor: 199,
      amount: '1.99',
      refundsMinor: 0,
      refunds: '0.00',
      disputesMinor: 0,
      disputes: '0.00',
      netMinor: 199,
      net: '1.99',
    },
  ],
};

function moneyApi(role: 'finance' | 'admin' | 'support' = 'finance', total = 60, webhookDeliveries?: unknown[], refunds: unknown[] = []) {
  return mockApi({
    '/api/staff/me': { body: { data: { id: 's1', email: `${role}@portal.test`, role } } },
    '/api/staff/projects': { body: { data: [{ name: 'familytown' }, { name: 'neuroarena' }] } },
    '/api/staff/money/payments': { body: page(total) },
    [`/api/staff/money/payments/${paymentId}`]: {
      body: {
        data: {
          payment,
          playerEmail: 'alice@players.example',
          attempts: [
            { provider: 'yookassa', providerRef: 'yk-1', amountMinor: 7900, currency: 'RUB', createdAt: '2026-11-20T10:00:30.000Z' },
          ],
          providerEvents: [
            { provider: 'yookassa', eventId: 'evt-1', status: 'succeeded', outcome: 'applied', receivedAt: '2026-11-20T10:01:00.000Z' },
          ],
          ...(webhookDeliveries && { webhookDeliveries }),
          refunds,
          disputes: [],
        },
      },
    },
    [`/api/staff/money/payments/${paymentId}/refunds`]: {
      status: 201,
      body: {
        data: {
          refundId: 'r-2',
          paymentId,
          status: 'succeeded',
          amount: '20.00',
          amountMinor: 2000,
          currency: 'RUB',
          source: 'staff',
          failureReason: null,
          createdAt: '2026-11-21T10:00:00.000Z',
          finishedAt: '2026-11-21T10:00:01.000Z',
        },
      },
    },
    '/api/staff/money/revenue': { body: { data: report } },
  });
}

/** The search parts of the calls to `path` (not its sub-paths), in order. */
const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

describe('money pages', () => {
  beforeEach(async () => {
    await setupI18n('en');
    setStaffToken('staff-token');
  });
  afterEach(() => setStaffToken(null));

  it('asks the server for the search the address holds, and puts a new search in the address from page 1', async () => {
    const fetchMock = moneyApi();
    const { router } = renderStaff('/staff/payments?q=alice%40players.example&project=familytown&status=paid&sort=amount&order=asc&page=2');
    const row = await screen.findByRole('row', { name: /Bag of coins/ });
    expect(within(row).getByText('79 ₽')).toBeInTheDocument();
    expect(within(row).getByText('YooKassa')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: paymentId })).toHaveAttribute('href', `/staff/payments/${paymentId}`);
    expect(callsTo(fetchMock, '/api/staff/money/payments')[0]).toEqual({
      q: 'alice@players.example',
      project: 'familytown',
      status: 'paid',
      sort: 'amount',
      order: 'asc',
      page: '2',
      pageSize: '25',
    });
    expect(screen.getByLabelText('Payment ID, player ID or e-mail')).toHaveValue('alice@players.example');
    expect(screen.getByLabelText('Payment status')).toHaveValue('paid');
    await waitFor(() => expect(screen.getByLabelText('Project')).toHaveValue('familytown'));
    expect(screen.getByText('Payments found: 60')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('navigation', { name: 'Staff navigation' })).toHaveTextContent('Revenue');
    expect(screen.queryByRole('link', { name: 'Inbox' })).toBeNull();

    changeValue(screen.getByLabelText('Payment ID, player ID or e-mail'), 'user-1');
    changeValue(screen.getByLabelText('Payment provider'), 'yookassa');
    changeValue(screen.getByLabelText('From'), '2026-11-21');
    changeValue(screen.getByLabelText('To'), '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // A backwards range is the user's to fix: named at the field, nothing typed is lost, nothing sent.
    expect(await screen.findByText('The end date is before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Payment ID, player ID or e-mail')).toHaveValue('user-1');
    expect(router.state.location.search).toContain('page=2');

    changeValue(screen.getByLabelText('To'), '2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'user-1',
        project: 'familytown',
        status: 'paid',
        provider: 'yookassa',
        from: '2026-11-21',
        to: '2026-11-30',
        sort: 'amount',
        order: 'asc',
      }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/staff/money/payments').at(-1)).toMatchObject({
        q: 'user-1',
        provider: 'yookassa',
        from: '2026-11-21',
        to: '2026-11-30',
        page: '1',
      }),
    );
  });

  it('sorts on the server from the column headers, with aria-sort telling the order', async () => {
    const fetchMock = moneyApi();
    const { router } = renderStaff('/staff/payments');
    await screen.findByRole('row', { name: /Bag of coins/ });
    expect(callsTo(fetchMock, '/api/staff/money/payments')[0]).toMatchObject({ sort: 'createdAt', order: 'desc', page: '1' });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Amount')).toHaveAttribute('aria-sort', 'none');
    expect(header('Player')).not.toHaveAttribute('aria-sort');

    fireEvent.click(within(header('Amount')).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/staff/money/payments').at(-1)).toMatchObject({ sort: 'amount', order: 'desc' }));
    expect(router.state.location.search).toBe('?sort=amount');
    await waitFor(() => expect(header('Amount')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Created')).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(within(header('Amount')).getByRole('button'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/staff/money/payments').at(-1)).toMatchObject({ sort: 'amount', order: 'asc' }));
    await waitFor(() => expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending'));

    fireEvent.click(within(header('Payment status')).getByRole('button'));
    await waitFor(() => expect(callsTo(fetchMock, '/api/staff/money/payments').at(-1)).toMatchObject({ sort: 'status', order: 'asc' }));
  });

  it('pages on the server: next and previous, and a new page size starts from page 1', async () => {
    const fetchMock = moneyApi('admin', 60);
    const { router } = renderStaff('/staff/payments');
    await screen.findByRole('row', { name: /Bag of coins/ });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/staff/money/payments').at(-1)).toMatchObject({ page: '2', pageSize: '25' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 3')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    changeValue(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(callsTo(fetchMock, '/api/staff/money/payments').at(-1)).toMatchObject({ page: '1', pageSize: '50' }));
    expect(router.state.location.search).toBe('?pageSize=50');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('opens a payment with its provider attempts and events, and goes back to the same search', async () => {
    moneyApi();
    const { router } = renderStaff('/staff/payments?status=paid');
    const row = await screen.findByRole('row', { name: /Bag of coins/ });
    fireEvent.click(within(row).getByRole('link', { name: paymentId }));
    expect(await screen.findByRole('heading', { name: 'Payment details' })).toBeInTheDocument();
    expect(await screen.findByText('alice@players.example')).toBeInTheDocument();
    const attempts = screen.getByRole('table', { name: 'Provider attempts' });
    expect(within(attempts).getByRole('row', { name: /yk-1/ })).toHaveTextContent('79 ₽');
    const events = screen.getByRole('table', { name: 'Provider events' });
    expect(within(events).getByRole('row', { name: /evt-1/ })).toHaveTextContent('applied');

    fireEvent.click(screen.getByRole('link', { name: 'Back to payments' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid'));
  });

  it('lists the payment’s webhook deliveries to the game server, read-only', async () => {
    const delivery = {
      paymentId,
      eventType: 'payment.paid',
      url: 'https://game.example/hooks',
      error: null,
    };
    const fetchMock = moneyApi('finance', 60, [
      {
        ...delivery,
        id: 7,
        eventId: 'evt-hook-1',
        ok: false,
        responseStatus: 503,
        durationMs: 120,
        attempt: 1,
        nextRetryAt: '2026-11-20T10:02:00.000Z',
        createdAt: '2026-11-20T10:01:05.000Z',
      },
      {
        ...delivery,
        id: 8,
        eventId: 'evt-hook-1',
        ok: false,
        responseStatus: null,
        error: 'timed out',
        durationMs: 10000,
        attempt: 2,
        nextRetryAt: '2026-11-20T10:04:00.000Z',
        createdAt: '2026-11-20T10:02:00.000Z',
      },
      {
        ...delivery,
        id: 9,
        eventId: 'evt-hook-1',
        ok: true,
        responseStatus: 200,
        durationMs: 85,
        attempt: 3,
        nextRetryAt: null,
        createdAt: '2026-11-20T10:04:00.000Z',
      },
    ]);
    renderStaff(`/staff/payments/${paymentId}`);
    const table = await screen.findByRole('table', { name: 'Webhooks to the game server' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['When', 'Event type', 'Event ID', 'Answer', 'Time taken', 'Attempt', 'Next retry']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('payment.paid');
    expect(rows[0]).toHaveTextContent('Failed (503)');
    expect(rows[0]).toHaveTextContent('120 ms');
    expect(within(rows[0]!).getAllByRole('cell')[5]).toHaveTextContent('1');
    expect(rows[0]!.querySelectorAll('time')[1]).toHaveAttribute('dateTime', '2026-11-20T10:02:00.000Z');
    expect(rows[1]).toHaveTextContent('Failed (no answer)');
    expect(rows[1]).toHaveTextContent('timed out');
    expect(rows[2]).toHaveTextContent('OK (200)');
    expect(within(rows[2]!).getAllByRole('cell')[6]).toHaveTextContent('—');
    // Finance reads the log; sending again stays on the integrations page.
    expect(within(table).queryByRole('button')).toBeNull();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('says so when no webhook went to the game server for the payment', async () => {
    moneyApi();
    renderStaff(`/staff/payments/${paymentId}`);
    expect(await screen.findByText('No webhook was sent to the game server for this payment yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Webhooks to the game server' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Webhooks to the game server' })).toBeNull();
  });

  it('lists refunds and refunds part of a paid payment after asking twice', async () => {
    const fetchMock = moneyApi('finance', 60, undefined, [
      {
        refundId: 'r-1',
        paymentId,
        status: 'succeeded',
        amount: '10.00',
        amountMinor: 1000,
        currency: 'RUB',
        source: 'provider',
        failureReason: null,
        reason: 'Refunded at the provider',
        createdAt: '2026-11-21T09:00:00.000Z',
        finishedAt: '2026-11-21T09:00:00.000Z',
      },
    ]);
    renderStaff(`/staff/payments/${paymentId}`);
    const refunds = await screen.findByRole('table', { name: 'Refunds' });
    expect(within(refunds).getByRole('row', { name: /10 ₽/ })).toHaveTextContent('Provider dashboard');
    const form = screen.getByRole('form', { name: 'Refund' });
    expect(within(form).getByText('69 ₽')).toBeInTheDocument();
    const amount = within(form).getByLabelText('Refund amount (RUB)');
    expect(amount).toHaveValue('69.00');
    changeValue(amount, '80');
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(form).findByText('Enter an amount above zero and at most 69 ₽')).toBeInTheDocument();
    changeValue(amount, '20');
    changeValue(within(form).getByLabelText('Reason for the refund'), 'Bought twice');
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Refunded 20 ₽.');
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/refunds') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amountMinor: 2000, reason: 'Bought twice' });
  });

  it('shows revenue for the address range with totals per currency, and exports the same report as CSV', async () => {
    const fetchMock = moneyApi();
    renderStaff('/staff/revenue?from=2026-11-01&to=2026-11-30&project=familytown');
    const table = await screen.findByRole('table', { name: 'Revenue per day, project and currency, 2026-11-01 to 2026-11-30' });
    expect(within(table).getByRole('row', { name: /2026-11-20/ })).toHaveTextContent(/158 ₽.*30 ₽.*0 ₽.*128 ₽/);
    expect(screen.getByRole('list', { name: 'Totals per currency' })).toHaveTextContent('Net: 128 ₽');
    expect(screen.getByRole('list', { name: 'Totals per currency' })).toHaveTextContent('$1.99');
    expect(screen.getByRole('img', { name: 'Net revenue per day in RUB, 2026-11-01 to 2026-11-30, bars per project' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /in USD/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/staff/money/revenue')[0]).toEqual({ from: '2026-11-01', to: '2026-11-30', project: 'familytown' });

    const csv = 'day,project,currency,payments,amount\r\n2026-11-20,familytown,RUB,2,158.00\r\n';
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(csv, {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="revenue-2026-11-01-2026-11-30.csv"' },
        }),
    );
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:revenue';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/staff/money/revenue.csv?from=2026-11-01&to=2026-11-30&project=familytown');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer staff-token');
    expect(clicked[0]!.download).toBe('revenue-2026-11-01-2026-11-30.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:revenue');
    expect(await blobs[0]!.text()).toBe(csv);
  });

  it('defaults revenue to the last 30 UTC days and names a range the server would refuse at the field', async () => {
    const fetchMock = moneyApi();
    const { router } = renderStaff('/staff/revenue');
    await screen.findByRole('table', { name: /Revenue per day/ });
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(callsTo(fetchMock, '/api/staff/money/revenue')[0]).toEqual({ from: first, to: today });
    expect(screen.getByLabelText('From')).toHaveValue(first);

    changeValue(screen.getByLabelText('From'), '2020-01-01');
    changeValue(screen.getByLabelText('Currency'), 'USD');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('A report covers at most 366 days')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2020-01-01');

    changeValue(screen.getByLabelText('From'), '2026-01-01');
    changeValue(screen.getByLabelText('To'), '2026-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-01-31&currency=USD'));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/staff/money/revenue').at(-1)).toEqual({ from: '2026-01-01', to: '2026-01-31', currency: 'USD' }),
    );
  });

  it('gives support staff no money navigation and no money page, asking the server nothing', async () => {
    const fetchMock = moneyApi('support');
    renderStaff('/staff/payments');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this page');
    expect(screen.queryByRole('link', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Revenue' })).toBeNull();
    expect(callsTo(fetchMock, '/api/staff/money/payments')).toEqual([]);
  });
});
