import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { LoginMethodsPage, offeredMethods } from './login-methods-page';

const config = (authMethods: string[], allowedOrigins: string[] = []) => ({
  projects: { name: 'familytown', authType: 'postMessage', authMethods, paymentsMethods: [], extra: [] },
  mainData: { projectName: 'familytown', outOfCatalog: false },
  knownProjects: ['familytown'],
  allowedOrigins,
});

const routes = [
  { path: '/session/login/:session?/:source?/:locale?/:project?/:jwt?', element: <LoginMethodsPage /> },
  { path: '/', element: <p>home</p> },
];

beforeEach(async () => {
  await setupI18n('en');
});

describe('login method list', () => {
  it('offers the default set without project settings', () => {
    expect(offeredMethods(undefined)).toEqual(['google', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail']);
    expect(offeredMethods([])).toEqual(['google', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail']);
    expect(offeredMethods(['vk', 'mail'])).toEqual(['vk', 'mail']);
  });

  it('shows the project methods, with the registration link only when mail is offered', async () => {
    mockApi({ '/api/control/get-initial-config': { body: { data: config(['google_adult', 'vk']) } } });
    renderRoutes(routes, '/session/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google (18+)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with VK' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with e-mail' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('with mail: the e-mail entry and the registration link carry the session', async () => {
    mockApi({ '/api/control/get-initial-config': { body: { data: config(['mail']) } } });
    renderRoutes(routes, '/session/login/ses-1/web/en/familytown');
    expect((await screen.findByRole('link', { name: 'Continue with e-mail' })).getAttribute('href')).toBe('/session/login/email/ses-1/web');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/session/registration/ses-1/web');
    expect(localStorage.getItem('session')).toBe('ses-1');
  });

  it('sends a signed-in visitor to /', async () => {
    localStorage.setItem('webAuthData', JSON.stringify({ userId: 'u1', nickName: 'Nick', currentAuthType: 'email' }));
    mockApi({ '/api/control/get-initial-config': { body: { data: config([]) } } });
    const { router } = renderRoutes(routes, '/session/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('checks a jwt first and reports authExist or authNotExist to an allowed host', async () => {
    const post = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: post } as unknown as Window);
    Object.defineProperty(document, 'referrer', { value: 'https://game.example/', configurable: true });
    const fetchMock = mockApi({
      '/api/control/get-initial-config': { body: { data: config([], ['https://game.example']) } },
      '/api/auth/check/': { body: { data: { result: false } } },
    });
    renderRoutes(routes, '/session/login/ses-2/web/en/familytown/old.jwt.value');
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        {
          type: 'authResult',
          result: {
            isError: false,
            authState: 'authNotExist',
            jwt: null,
            userId: null,
            nickName: null,
            currentAuthType: 'unauthorized',
            session: 'ses-2',
          },
        },
        'https://game.example',
      ),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/check/old.jwt.value')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('reports authExist with the player; a host on an origin that is not allowed hears nothing', async () => {
    const post = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: post } as unknown as Window);
    Object.defineProperty(document, 'referrer', { value: 'https://evil.example/', configurable: true });
    mockApi({
      '/api/control/get-initial-config': { body: { data: config([], ['https://game.example']) } },
      '/api/auth/check/': { body: { data: { result: true, userId: 'u-9', nickName: 'Nick', currentAuthType: 'email' } } },
    });
    renderRoutes(routes, '/session/login/ses-3/web/en/familytown/good.jwt.value');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(post).not.toHaveBeenCalled();

    Object.defineProperty(document, 'referrer', { value: 'https://game.example/', configurable: true });
    renderRoutes(routes, '/session/login/ses-4/web/en/familytown/good.jwt.value');
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        {
          type: 'authResult',
          result: {
            isError: false,
            authState: 'authExist',
            jwt: 'good.jwt.value',
            userId: 'u-9',
            nickName: 'Nick',
            currentAuthType: 'email',
            session: 'ses-4',
          },
        },
        'https://game.example',
      ),
    );
    vi.restoreAllMocks();
  });
});
