import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { setStaffToken, staffToken } from '../api/staff-session';
import { StaffApp } from './staff-app';
import { changeValue } from '@/test/change-value';

/** A project with nothing missing before launch. */
const readyChecklist = {
  project: 'familytown',
  ready: true,
  checks: ['paymentMethods', 'webhook', 'prices', 'texts', 'images'].map((id) => ({ id, ok: true, missing: [] })),
};

vi.mock('@/shared/ui/captcha/captcha-widget', () => ({
  CaptchaWidget: ({ onChange }: { onChange: (payload: string | null) => void }) => (
    <button type="button" onClick={() => onChange('solved-payload')}>
      solve robot check
    </button>
  ),
}));

const renderStaff = (path = '/staff') => renderRoutes([{ path: '/staff/*', element: <StaffApp /> }], path);

const ticketId = '0b6f0f34-9c1f-4a3e-9b1e-3c1d1b1e2f01';
const otherId = '0b6f0f34-9c1f-4a3e-9b1e-3c1d1b1e2f02';
const list = [
  {
    id: ticketId,
    project: 'neuroarena',
    title: 'Drop not credited',
    status: 'open',
    createTs: '2026-11-20T10:00:00.000Z',
    lastMessageTs: '2026-11-20T10:05:00.000Z',
    unreadMessageCount: 2,
    player: { kind: 'user', id: 'user-1' },
  },
  {
    id: otherId,
    project: 'familytown',
    title: 'Old question',
    status: 'open',
    createTs: '2026-11-19T10:00:00.000Z',
    lastMessageTs: '2026-11-19T10:00:00.000Z',
    unreadMessageCount: 0,
    player: { kind: 'guest', id: 'guest-9' },
  },
];
const message = (id: string, author: 'user' | 'staff' | 'system', text: string) => ({
  id,
  isUserMsg: author === 'user',
  isAutomated: author === 'system',
  author,
  text,
  image: null,
  video: null,
  createTs: '2026-11-20T10:00:00.000Z',
});
const ticket = {
  id: ticketId,
  title: 'Drop not credited',
  status: 'open',
  createTs: '2026-11-20T10:00:00.000Z',
  project: 'neuroarena',
  player: { kind: 'user', id: 'user-1', nickName: 'Nick', currentAuthType: 'google' },
  recentPayments: [],
  messages: [
    message('m1', 'user', '<p>I paid but <strong>nothing</strong> came</p><img src=x onerror="alert(1)">'),
    message('m2', 'system', '<p>Message received by the system</p>'),
    message('m3', 'staff', '<p>Looking into it</p>'),
  ],
};
const payment = {
  paymentId: 'pay-1',
  project: 'neuroarena',
  userId: 'user-1',
  priceId: 'gems-100',
  status: 'paid',
  amount: '1.99',
  amountMinor: 199,
  currency: 'USD',
  provider: 'stripe',
  payload: null,
  createdAt: '2026-11-18T09:00:00.000Z',
  updatedAt: '2026-11-18T09:01:00.000Z',
  paidAt: '2026-11-18T09:01:00.000Z',
  providerRef: null,
  receiptEmail: null,
  titleRu: '100 кристаллов',
  titleEn: '100 gems',
};

function signedInApi(role: 'support' | 'admin') {
  return mockApi({
    '/api/staff/me': { body: { data: { id: 's1', email: `${role}@portal.test`, role } } },
    '/api/staff/projects': { body: { data: [{ name: 'familytown' }, { name: 'neuroarena' }] } },
    '/api/staff/tickets?status=open': { body: { data: list } },
    '/api/staff/tickets?status=closed': { body: { data: [] } },
    [`/api/staff/tickets/${ticketId}`]: { body: { data: ticket } },
    '/api/staff/payments?userId=user-1': { body: [payment] },
  });
}

describe('StaffApp', () => {
  beforeEach(async () => {
    await setupI18n('en');
    setStaffToken(null);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setStaffToken(null);
  });

  it('signs in: empty fields are named, a wrong password shows the error, a right one keeps the token for the tab', async () => {
    let ok = false;
    const fetchMock = mockApi({
      '/api/staff/login': () =>
        ok
          ? { body: { token: 'staff-token' } }
          : { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password' } },
      '/api/staff/me': { body: { data: { id: 's1', email: 'agent@portal.test', role: 'support' } } },
      '/api/staff/projects': { body: { data: [] } },
      '/api/staff/tickets': { body: { data: [] } },
      '/api/staff/logout': { body: { data: { result: true } } },
    });
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail')).toBeInTheDocument();

    changeValue(screen.getByLabelText('E-mail'), 'agent@portal.test');
    changeValue(screen.getByLabelText('Password'), 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password');
    expect(staffToken()).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');

    ok = true;
    changeValue(screen.getByLabelText('Password'), 'right-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(staffToken()).toBe('staff-token');
    expect(window.sessionStorage.getItem('staffToken')).toBe('staff-token');
    const meCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/staff/me');
    expect(new Headers(meCall?.[1]?.headers).get('authorization')).toBe('Bearer staff-token');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
    // Signing out ends the session on the server too (every token of the member).
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/staff/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('authorization')).toBe('Bearer staff-token');
  });

  it('shows the robot check when the server asks for it, sends its solution, and tells a locked account how long to wait', async () => {
    const answers = [
      { status: 403, body: { code: 'CAPTCHA_REQUIRED', message: 'Prove that you are not a robot' } },
      { status: 429, body: { code: 'ACCOUNT_LOCKED', message: 'locked', retryAfter: 600 } },
    ];
    const fetchMock = mockApi({
      '/api/staff/login': () => answers.shift() ?? { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'no' } },
    });
    renderStaff();
    changeValue(await screen.findByLabelText('E-mail'), 'agent@portal.test');
    changeValue(screen.getByLabelText('Password'), 'guess');
    expect(screen.queryByRole('button', { name: 'solve robot check' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Prove that you are not a robot to continue.');
    const solve = await screen.findByRole('button', { name: 'solve robot check' });
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(solve);
    changeValue(screen.getByLabelText('Password'), 'right-password');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many failed sign-ins for this account. Try again in 10 min.')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(bodies[0]).not.toHaveProperty('altcha');
    expect(bodies[1]).toMatchObject({ email: 'agent@portal.test', password: 'right-password', altcha: 'solved-payload' });
    expect(staffToken()).toBeNull();
  });

  it('lists tickets with project, player, time and unread count, and opens one with authors told apart', async () => {
    setStaffToken('staff-token');
    signedInApi('support');
    renderStaff();
    const rows = await screen.findAllByRole('link', { name: /question|credited/ });
    expect(rows.map((row) => row.querySelector('.staff-ticket-row__title')?.textContent)).toEqual(['Drop not credited', 'Old question']);
    expect(within(rows[0]!).getByText('Unread: 2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('neuroarena')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Player user-1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Guest guest-9')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(2) Inbox · Staff console'));
    // A support member gets no Projects page.
    expect(screen.queryByRole('link', { name: 'Projects' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();

    fireEvent.click(rows[0]!);
    expect(await screen.findByRole('heading', { name: 'Drop not credited' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Player' }).textContent).toContain('I paid but nothing came');
    expect(screen.getByRole('listitem', { name: 'Automated' }).textContent).toContain('Message received by the system');
    expect(screen.getByRole('listitem', { name: 'Support' }).textContent).toContain('Looking into it');
    // Rich HTML is sanitized: no script-carrying image survives.
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByText('user-1')).toBeInTheDocument();
    expect(screen.getByText('Signed in with Google')).toBeInTheDocument();
    const paymentsTable = await screen.findByRole('table');
    expect(within(paymentsTable).getByText('100 gems')).toBeInTheDocument();
    expect(within(paymentsTable).getByText('$1.99')).toBeInTheDocument();
    expect(within(paymentsTable).getByText('Paid')).toBeInTheDocument();
    expect(within(paymentsTable).getByText('2026-11-18')).toBeInTheDocument();
    // The editor's code loads on first use.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Close ticket' })).toBeInTheDocument();
  });

  it('filters by status and project through the API', async () => {
    setStaffToken('staff-token');
    const fetchMock = signedInApi('support');
    const { router } = renderStaff();
    await screen.findAllByRole('link', { name: /question|credited/ });
    changeValue(screen.getByRole('combobox', { name: 'Project' }), 'neuroarena');
    await waitFor(() => expect(router.state.location.search).toBe('?project=neuroarena'));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Open' }), { key: 'ArrowRight' });
    expect(await screen.findByText('No tickets here')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Closed' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Closed' }));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/staff/tickets?status=open&project=neuroarena');
    expect(urls).toContain('/api/staff/tickets?status=closed&project=neuroarena');
  });

  it('refuses the Projects page to support and shows it to admins', async () => {
    setStaffToken('staff-token');
    signedInApi('support');
    renderStaff('/staff/projects');
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page');
    vi.restoreAllMocks();

    const fetchMock = mockApi({
      '/api/staff/me': { body: { data: { id: 's2', email: 'admin@portal.test', role: 'admin' } } },
      '/api/staff/projects/familytown/api-keys': {
        status: 201,
        body: { key: 'ppk_test_0123456789ab_secretsecretsecretsecret', mode: 'test' },
      },
      '/api/staff/projects/familytown/webhook': { body: { url: 'https://game.example/hook', secret: 'whsec_abc' } },
      '/api/staff/projects/familytown/webhook-deliveries': { body: { data: [] } },
      '/api/staff/projects/familytown/checklist': { body: { data: readyChecklist } },
      '/api/staff/projects/familytown': {
        body: { data: { name: 'familytown', webhookUrl: null, activeApiKeys: 0, defaultKeyMode: 'test' } },
      },
      '/api/staff/projects': { body: { data: [{ name: 'familytown' }] } },
    });
    document.body.innerHTML = '';
    renderStaff('/staff/projects');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(await screen.findByText('No webhook set yet')).toBeInTheDocument();
    // The server's default mode (test outside production) is preselected.
    await waitFor(() => expect(screen.getByLabelText('Key mode')).toHaveValue('test'));
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const key = (await screen.findByLabelText('New API key')) as HTMLInputElement;
    expect(key.value).toBe('ppk_test_0123456789ab_secretsecretsecretsecret');
    const made = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api-keys') && init?.method === 'POST');
    expect(JSON.parse(String(made?.[1]?.body))).toEqual({ mode: 'test' });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    changeValue(screen.getByLabelText('Webhook URL'), 'ftp://nope');
    fireEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('Enter an address starting with http:// or https://')).toBeInTheDocument();

    changeValue(screen.getByLabelText('Webhook URL'), 'https://game.example/hook');
    fireEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(((await screen.findByLabelText('Signing secret')) as HTMLInputElement).value).toBe('whsec_abc');
    const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/webhook') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ url: 'https://game.example/hook' });
  });

  it('lets an admin disable and enable a member on the Team page, never themselves', async () => {
    setStaffToken('staff-token');
    const agentId = '6f1c1a52-3c0e-4f57-9a7e-1b2c3d4e5f61';
    let disabledAt: string | null = null;
    const team = () => [
      { id: 's2', email: 'admin@portal.test', role: 'admin', createdAt: '2026-11-01T10:00:00.000Z', disabledAt: null },
      { id: agentId, email: 'agent@portal.test', role: 'support', createdAt: '2026-11-02T10:00:00.000Z', disabledAt },
    ];
    const fetchMock = mockApi({
      '/api/staff/me': { body: { data: { id: 's2', email: 'admin@portal.test', role: 'admin' } } },
      [`/api/staff/accounts/${agentId}/disable`]: () => {
        disabledAt = '2026-11-21T10:00:00.000Z';
        return { body: { data: team()[1] } };
      },
      [`/api/staff/accounts/${agentId}/enable`]: () => {
        disabledAt = null;
        return { body: { data: team()[1] } };
      },
      '/api/staff/accounts': () => ({ body: { data: team() } }),
    });
    renderStaff('/staff/team');
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('(you)')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Disable admin@portal.test' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Disable agent@portal.test' }));
    // Disabling is asked twice.
    const question = within(table).getByRole('group', { name: /^Disable agent@portal.test\?/ });
    fireEvent.click(within(question).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/^Disabled 2026-11-2/)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable agent@portal.test' }));
    expect(await screen.findByRole('button', { name: 'Disable agent@portal.test' })).toBeInTheDocument();
    const actions = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
    expect(actions).toEqual([`/api/staff/accounts/${agentId}/disable`, `/api/staff/accounts/${agentId}/enable`]);
  });

  it("lists a project's keys by prefix with their last use, and revokes one", async () => {
    setStaffToken('staff-token');
    const keyId = '6f1c1a52-3c0e-4f57-9a7e-1b2c3d4e5f60';
    const live = {
      id: keyId,
      prefix: '0123456789ab',
      mode: 'live',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    };
    let revoked = false;
    const fetchMock = mockApi({
      '/api/staff/me': { body: { data: { id: 's2', email: 'admin@portal.test', role: 'admin' } } },
      [`/api/staff/projects/familytown/api-keys/${keyId}/revoke`]: () => {
        revoked = true;
        return { body: { data: { ...live, revokedAt: '2026-11-21T10:00:00.000Z' } } };
      },
      '/api/staff/projects/familytown/webhook-deliveries': { body: { data: [] } },
      '/api/staff/projects/familytown/api-keys': () => ({
        body: { data: [revoked ? { ...live, revokedAt: '2026-11-21T10:00:00.000Z' } : live] },
      }),
      '/api/staff/projects/familytown/checklist': { body: { data: readyChecklist } },
      '/api/staff/projects/familytown': () => ({
        body: { data: { name: 'familytown', webhookUrl: null, activeApiKeys: revoked ? 0 : 1 } },
      }),
      '/api/staff/projects': { body: { data: [{ name: 'familytown' }] } },
    });
    renderStaff('/staff/projects');
    const table = await screen.findByRole('table', { name: 'Keys of this project' });
    expect(within(table).getByText('ppk_live_0123456789ab_…')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(await screen.findByText('Active keys: 1')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Revoke key ppk_live_0123456789ab' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/revoke'))).toBe(false);
    fireEvent.click(within(table).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByText(/^Revoked 2026-11-2/)).toBeInTheDocument();
    expect(await screen.findByText('Active keys: 0')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/revoke'));
    expect(call?.[1]?.method).toBe('POST');
  });
});
