import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setScreenOpeners } from '@/shared/layout/screen-openers';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { Header } from './header';

const routes = [
  { path: '/games/:lng/', element: <Header /> },
  { path: '/session/login', element: <p>login page</p> },
];

beforeEach(async () => {
  await setupI18n('en');
});

describe('header', () => {
  it('a page that shows screens in the modal gets Login and Support instead of the navigation', async () => {
    mockApi({});
    const { router } = renderRoutes(routes, '/games/en/');
    const login = vi.fn();
    const support = vi.fn();
    let release = () => {};
    act(() => {
      release = setScreenOpeners({ login, support });
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await user.click(screen.getByRole('link', { name: 'Support' }));
    expect(login).toHaveBeenCalledTimes(1);
    expect(support).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/games/en/');
    // Once the page takes them back, the entries navigate again.
    act(() => release());
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/session/login'));
  });

  it('signed out: Guest, the Login button and the support entry; an anonymous marker is made', async () => {
    mockApi({});
    renderRoutes(routes, '/games/en/');
    expect(screen.getByRole('button', { name: 'Guest' })).toBeInTheDocument();
    // The logo link is named even where narrow screens hide the text beside it.
    expect(screen.getByRole('link', { name: 'Game Portal' }).getAttribute('href')).toBe('/games/en/');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/session/login');
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('tempUserId')).toMatch(/^[0-9a-f-]{36}$/));
  });

  it('the Guest button opens a panel that offers the login, and Escape closes it', async () => {
    mockApi({});
    renderRoutes(routes, '/games/en/');
    const guest = screen.getByRole('button', { name: 'Guest' });
    expect(guest.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(guest);
    expect(guest.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Guest' });
    expect(panel.textContent).toContain('You are playing as a guest.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Guest' })).toBeNull();
    await userEvent.click(guest);
    await userEvent.click(within(screen.getByRole('region', { name: 'Guest' })).getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('signed out with guest tickets: the support entry carries the unread count in its name', async () => {
    localStorage.setItem('tempUserId', '0c5e2b8a-3f4d-4a6b-9c7d-8e9f0a1b2c3d');
    const fetchMock = mockApi({ '/api/support/get-support-unread-message-count': { body: { data: { count: 2 } } } });
    renderRoutes(routes, '/games/en/');
    const support = await screen.findByRole('link', { name: /^Support\s*2\s*unread messages$/ });
    expect(support.getAttribute('href')).toBe('/support/tickets');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/support/get-support-unread-message-count');
    expect(new Headers((call![1] as RequestInit).headers).get('Temp-User-Id')).toBe('0c5e2b8a-3f4d-4a6b-9c7d-8e9f0a1b2c3d');
  });

  it('signed out with nothing unread: the plain support entry', async () => {
    localStorage.setItem('tempUserId', '0c5e2b8a-3f4d-4a6b-9c7d-8e9f0a1b2c3d');
    const fetchMock = mockApi({ '/api/support/get-support-unread-message-count': { body: { data: { count: 0 } } } });
    renderRoutes(routes, '/games/en/');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/support/get-support-unread-message-count')).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });

  it('signed in: the nickname and the account menu with type, id, settings, transactions, unread support and logout', async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem(
      'webAuthData',
      JSON.stringify({ userId: '5f0c3c1e-1111-4222-8333-444455556666', nickName: 'Nick', currentAuthType: 'vkontakte' }),
    );
    const fetchMock = mockApi({
      '/api/support/get-support-unread-message-count': { body: { data: { count: 3 } } },
      '/api/auth/logout': { body: { data: { result: true } } },
    });
    const { router } = renderRoutes(routes, '/games/en/');
    const user = userEvent.setup();
    expect(await screen.findByText('Nick')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(avatar);
    expect(avatar.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Signed in with VK')).toBeInTheDocument();
    expect(screen.getByText('5f0c3c1e-1111-4222-8333-444455556666')).toBeInTheDocument();
    expect(screen.getByText('Settings').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Purchase history' }).getAttribute('href')).toBe('/transactions');
    const support = await screen.findByRole('link', { name: /Support\s*3\s*unread messages/ });
    expect(support.getAttribute('href')).toBe('/support/tickets');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBeNull());
    expect(localStorage.getItem('webAuthData')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/logout')).toBe(true);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/games/en/');
  });
});
