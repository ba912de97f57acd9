import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { setStaffToken } from '../api/staff-session';
import { StaffApp } from './staff-app';
import { changeValue } from '@/test/change-value';

/** A project with nothing missing before launch. */
const readyChecklist = {
  project: 'familytown',
  ready: true,
  checks: ['paymentMethods', 'webhook', 'prices', 'texts', 'images'].map((id) => ({ id, ok: true, missing: [] })),
};

const renderStaff = (path: string) => renderRoutes([{ path: '/staff/*', element: <StaffApp /> }], path);

const admin = { '/api/staff/me': { body: { data: { id: 's2', email: 'admin@portal.test', role: 'admin' } } } };
const agentId = '6f1c1a52-3c0e-4f57-9a7e-1b2c3d4e5f61';
const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
    }));

const delivery = (id: number, eventId: string, status: number | null, attempt = 0) => ({
  id,
  paymentId: null,
  eventId,
  eventType: 'webhook.test',
  url: 'https://game.example/hook',
  ok: status !== null && status < 300,
  responseStatus: status,
  error: status === null ? 'connect ECONNREFUSED' : null,
  durationMs: 42,
  attempt,
  nextRetryAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('staff admin pages', () => {
  beforeEach(async () => {
    await setupI18n('en');
    setStaffToken(null);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setStaffToken(null);
  });

  it('sends a test event, lists the deliveries and redelivers one with the same event id', async () => {
    setStaffToken('staff-token');
    const log = [delivery(1, 'evt_old', null, 3)];
    const fetchMock = mockApi({
      ...admin,
      '/api/staff/projects/familytown/webhook/test': () => {
        const sent = delivery(log.length + 1, 'evt_test', 204);
        log.unshift(sent);
        return { body: { data: sent } };
      },
      '/api/staff/projects/familytown/webhook-deliveries/2/redeliver': () => {
        const again = { ...delivery(log.length + 1, 'evt_test', 204) };
        log.unshift(again);
        return { body: { data: again } };
      },
      '/api/staff/projects/familytown/webhook-deliveries': () => ({ body: { data: [...log] } }),
      '/api/staff/projects/familytown/api-keys': { body: { data: [] } },
      '/api/staff/projects/familytown/checklist': { body: { data: readyChecklist } },
      '/api/staff/projects/familytown': {
        body: { data: { name: 'familytown', webhookUrl: 'https://game.example/hook', activeApiKeys: 0 } },
      },
      '/api/staff/projects': { body: { data: [{ name: 'familytown' }] } },
    });
    renderStaff('/staff/projects');
    const table = await screen.findByRole('table', { name: 'Webhook deliveries of familytown, newest first' });
    expect(within(table).getByText('Failed (no answer)')).toBeInTheDocument();
    expect(within(table).getByText('3')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(/Test event evt_test sent in 42/)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByText('evt_test')).toHaveLength(1));
    expect(within(table).getByText('OK (204)')).toBeInTheDocument();

    fireEvent.click(within(table).getAllByRole('button', { name: /^Redeliver event evt_test/ })[0]!);
    expect(await screen.findByText('Event evt_test sent again.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByText('evt_test')).toHaveLength(2));
    expect(posts(fetchMock).map(({ url }) => url)).toEqual([
      '/api/staff/projects/familytown/webhook/test',
      '/api/staff/projects/familytown/webhook-deliveries/2/redeliver',
    ]);
  });

  it('shows a project that is not ready with what its launch checklist misses, and ticks it again after a test event', async () => {
    setStaffToken('staff-token');
    let tested = false;
    mockApi({
      ...admin,
      '/api/staff/projects/familytown/webhook-deliveries': { body: { data: [] } },
      '/api/staff/projects/familytown/webhook/test': () => {
        tested = true;
        return { body: { data: delivery(1, 'evt_test', 200) } };
      },
      '/api/staff/projects/familytown/api-keys': { body: { data: [] } },
      '/api/staff/projects/familytown/checklist': () => ({
        body: {
          data: {
            project: 'familytown',
            ready: tested,
            checks: [
              { id: 'paymentMethods', ok: false, missing: ['stripe'] },
              { id: 'webhook', ok: tested, missing: tested ? [] : ['testEvent'] },
              { id: 'prices', ok: true, missing: [] },
              { id: 'texts', ok: false, missing: ['game.ru.fullDescription', 'price.ft-gems.ru'] },
              { id: 'images', ok: false, missing: ['gameImage', 'price.ft-gems'] },
            ].map((check) => (tested ? { ...check, ok: true, missing: [] } : check)),
          },
        },
      }),
      '/api/staff/projects/familytown': {
        body: { data: { name: 'familytown', webhookUrl: 'https://game.example/hook', activeApiKeys: 1 } },
      },
      '/api/staff/projects': { body: { data: [{ name: 'familytown' }] } },
    });
    renderStaff('/staff/projects');
    const checklist = await screen.findByRole('region', { name: 'Launch checklist' });
    expect(await within(checklist).findByText('Not ready to launch: players cannot buy everything yet')).toBeInTheDocument();
    for (const text of [
      'Stripe is on, but this server has no keys for it',
      'Send a test event and answer it with 2xx at the current URL',
      'Game full description (RU)',
      'Name of item ft-gems (RU)',
      'Game image',
      'Logo of item ft-gems',
    ])
      expect(within(checklist).getByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await within(checklist).findByText('Ready to launch')).toBeInTheDocument();
  });

  it('rotates the webhook secret after a confirmation, shows the new one once and until when the old one signs too', async () => {
    setStaffToken('staff-token');
    const fetchMock = mockApi({
      ...admin,
      '/api/staff/projects/familytown/webhook-deliveries': { body: { data: [] } },
      '/api/staff/projects/familytown/webhook/rotate-secret': {
        body: { url: 'https://game.example/hook', secret: 'whsec_new', previousSecretExpiresAt: '2026-11-29T20:00:00.000Z' },
      },
      '/api/staff/projects/familytown/webhook': { body: { url: 'https://game.example/other', secret: 'whsec_kept' } },
      '/api/staff/projects/familytown/api-keys': { body: { data: [] } },
      '/api/staff/projects/familytown/checklist': { body: { data: readyChecklist } },
      '/api/staff/projects/familytown': {
        body: { data: { name: 'familytown', webhookUrl: 'https://game.example/hook', activeApiKeys: 0 } },
      },
      '/api/staff/projects': { body: { data: [{ name: 'familytown' }] } },
    });
    renderStaff('/staff/projects');
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();

    // A changed URL keeps its secret: nothing new to show.
    changeValue(screen.getByLabelText('Webhook URL'), 'https://game.example/other');
    fireEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    expect(posts(fetchMock)).toHaveLength(1);
    const question = screen.getByRole('group', { name: /^Make a new signing secret\? For 24 hours/ });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, rotate' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, rotate' }));
    expect(((await screen.findByLabelText('Signing secret')) as HTMLInputElement).value).toBe('whsec_new');
    expect(screen.getByText(/^The previous secret also signs events until /)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      { url: '/api/staff/projects/familytown/webhook', method: 'PUT', body: { url: 'https://game.example/other' } },
      { url: '/api/staff/projects/familytown/webhook/rotate-secret', method: 'POST', body: {} },
    ]);
  });

  it('invites a member by e-mail and role, shows a taken e-mail at its field, changes a role and signs a member out', async () => {
    setStaffToken('staff-token');
    let role = 'support';
    const team = () => [
      { id: 's2', email: 'admin@portal.test', role: 'admin', createdAt: '2026-11-01T10:00:00.000Z', disabledAt: null },
      { id: agentId, email: 'agent@portal.test', role, createdAt: '2026-11-02T10:00:00.000Z', disabledAt: null },
    ];
    let taken = true;
    const fetchMock = mockApi(
      {
        ...admin,
        [`/api/staff/accounts/${agentId}/sign-out`]: { body: { data: { result: true } } },
        [`/api/staff/accounts/${agentId}/password-link`]: { body: { data: { result: true } } },
        [`/api/staff/accounts/${agentId}`]: () => {
          role = 'finance';
          return { body: { data: team()[1] } };
        },
        '/api/staff/accounts': () => {
          const last = fetchMock.mock.calls.at(-1);
          if (last?.[1]?.method !== 'POST') return { body: { data: team() } };
          if (taken) return { status: 409, body: { code: 'STAFF_EXISTS', message: 'A staff member with this e-mail exists' } };
          return { status: 201, body: { data: { id: 'new', email: 'new@portal.test', role: 'catalog' } } };
        },
        // The contract check reads answers by address only: the invite's POST answers one member, the GET a list.
      },
      { offContract: true },
    );
    renderStaff('/staff/team');
    const email = await screen.findByLabelText('E-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText("Enter the member's e-mail")).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();

    changeValue(email, 'New@Portal.test');
    changeValue(screen.getByRole('combobox', { name: 'Role' }), 'catalog');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('A staff member with this e-mail already exists')).toBeInTheDocument();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((email as HTMLInputElement).value).toBe('New@Portal.test');

    taken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@portal.test.')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Staff members' });
    expect(within(table).queryByRole('combobox', { name: 'Role of admin@portal.test' })).toBeNull();
    changeValue(within(table).getByRole('combobox', { name: 'Role of agent@portal.test' }), 'finance');
    expect(await screen.findByText('agent@portal.test is now Finance.')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Sign agent@portal.test out everywhere' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('agent@portal.test is signed out everywhere.')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Send agent@portal.test a new password link' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Yes, send' }));
    expect(await screen.findByText('A new password link was sent to agent@portal.test.')).toBeInTheDocument();

    expect(posts(fetchMock)).toEqual([
      { url: '/api/staff/accounts', method: 'POST', body: { email: 'new@portal.test', role: 'catalog' } },
      { url: '/api/staff/accounts', method: 'POST', body: { email: 'new@portal.test', role: 'catalog' } },
      { url: `/api/staff/accounts/${agentId}`, method: 'PATCH', body: { role: 'finance' } },
      { url: `/api/staff/accounts/${agentId}/sign-out`, method: 'POST', body: {} },
      { url: `/api/staff/accounts/${agentId}/password-link`, method: 'POST', body: {} },
    ]);
  });

  it('shows the audit log with who, what and the change, filters by target and pages on', async () => {
    setStaffToken('staff-token');
    const entry = (id: number, action: string, before: unknown, after: unknown) => ({
      id,
      staffId: 's2',
      staffEmail: 'admin@portal.test',
      action,
      targetType: 'staff',
      targetId: agentId,
      before,
      after,
      at: '2026-11-21T10:00:00.000Z',
    });
    const firstPage = Array.from({ length: 50 }, (_, index) =>
      entry(
        200 - index,
        index === 0 ? 'staff.role' : 'staff.signOut',
        index === 0 ? { role: 'support' } : null,
        index === 0 ? { role: 'finance' } : null,
      ),
    );
    const fetchMock = mockApi({
      ...admin,
      '/api/staff/audit?targetType=staff&targetId=abc&limit=50': { body: { data: [] } },
      '/api/staff/audit?before=151&limit=50': {
        body: { data: [entry(150, 'staff.create', null, { email: 'agent@portal.test', role: 'support' })] },
      },
      '/api/staff/audit?limit=50': { body: { data: firstPage } },
    });
    renderStaff('/staff/audit');
    const table = await screen.findByRole('table', { name: 'Staff changes, newest first' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('admin@portal.test')).toBeInTheDocument();
    expect(within(first).getByText('staff.role')).toBeInTheDocument();
    expect(within(first).getByText('support').tagName).toBe('DEL');
    expect(within(first).getByText('finance').tagName).toBe('INS');
    expect(within(first).getByText('Before and after')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await within(table).findByText('staff.create')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();

    changeValue(screen.getByRole('combobox', { name: 'Target type' }), 'staff');
    changeValue(screen.getByRole('textbox', { name: 'Target ID' }), ' abc ');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No entries match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/staff/audit?targetType=staff&targetId=abc&limit=50');
  });

  it('refuses the audit log to a support member', async () => {
    setStaffToken('staff-token');
    mockApi({ '/api/staff/me': { body: { data: { id: 's1', email: 'agent@portal.test', role: 'support' } } } });
    renderStaff('/staff/audit');
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page');
  });

  it('sets a password from the e-mailed link while signed out, then leads to the sign-in form', async () => {
    const token = 'link-token-0123456789abcdefghij';
    const fetchMock = mockApi({ '/api/staff/set-password': { body: { data: { result: true } } } });
    const { router } = renderStaff(`/staff/set-password#${token}`);
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    changeValue(screen.getByLabelText('New password'), 'short');
    changeValue(screen.getByLabelText('Repeat the password'), 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password needs at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Password mismatch! Try again')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    changeValue(screen.getByLabelText('New password'), 'a long new password');
    changeValue(screen.getByLabelText('Repeat the password'), 'a long new password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password is set. Sign in with your e-mail and the new password.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token, password: 'a long new password' });
    // The spent token leaves the address.
    expect(router.state.location.hash).toBe('');

    fireEvent.click(screen.getByRole('link', { name: 'Go to sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it('says so when the link is used or expired, keeping what was typed', async () => {
    mockApi({
      '/api/staff/set-password': {
        status: 400,
        body: { code: 'STAFF_LINK_INVALID', message: 'This link is used or expired: ask an admin for a new one' },
      },
    });
    renderStaff('/staff/set-password?token=link-token-0123456789abcdefghij');
    changeValue(await screen.findByLabelText('New password'), 'a long new password');
    changeValue(screen.getByLabelText('Repeat the password'), 'a long new password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link is used or expired. Ask an admin to send you a new one.');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('a long new password');
  });

  it('tells a link without its token apart', async () => {
    mockApi({});
    renderStaff('/staff/set-password');
    expect((await screen.findByRole('alert')).textContent).toContain('This link is incomplete');
  });
});
