import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { setHostOrigins } from '@/shared/auth/host-message';
import { registerServiceCloseHandler } from '@/shared/bridge/service-bridge-close';
import { Header } from './header';
import { paymentCloseResult } from './header-embedded';
import { PORTAL_LOGIN_FRAME_NAME, inPortalLoginFrame } from './header-embed';

const HOST = 'https://host-game.example';

const config = (authType: 'postMessage' | 'redirect') => ({
  projects: { name: 'familytown', authType, authMethods: [], paymentsMethods: [], extra: [] },
  mainData: { projectName: 'familytown', outOfCatalog: false },
  knownProjects: ['familytown'],
  allowedOrigins: [HOST],
});

const routes = [
  { path: '/session/login/:session?/:source?/:locale?/:project?/:jwt?', element: <Header /> },
  { path: '/payments/process/:id?/:source?/:locale?/:project?/:jwt?', element: <Header /> },
  { path: '/transactions', element: <Header /> },
  { path: '/support/tickets', element: <Header /> },
  { path: '/loader', element: <p>loader page</p> },
  { path: '/', element: <p>start page</p> },
];

/** A frame of the host: parent.postMessage and the referrer the browser gives. */
function framedBy(origin: string) {
  const post = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: post } as unknown as Window);
  Object.defineProperty(document, 'referrer', { value: `${origin}/play`, configurable: true });
  return post;
}

beforeEach(async () => {
  await setupI18n('en');
});

afterEach(() => {
  setHostOrigins(undefined);
  vi.restoreAllMocks();
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
});

describe('the embedded header', () => {
  it('auth: title, language picker, close asks in a dialog that keeps the focus; No stays', async () => {
    framedBy(HOST);
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    renderRoutes(routes, '/session/login/ses-1/web/en/familytown');
    const user = userEvent.setup();
    // The header's shell (title and languages) stands in until its code has loaded.
    const close = await screen.findByRole('button', { name: 'Close' });
    expect(screen.getByText('Sign in')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Interface language' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    await user.click(close);
    const dialog = screen.getByRole('dialog', { name: 'Do you want to return to the game?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const no = screen.getByRole('button', { name: 'No, stay' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(document.activeElement).toBe(no);
    await user.tab();
    expect(document.activeElement).toBe(yes);
    await user.tab();
    expect(document.activeElement).toBe(no);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(yes);

    await user.click(no);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(close);
  });

  it('auth, confirmed: the allowed host gets authResult 1011 with the session, the page shows the loader', async () => {
    const post = framedBy(HOST);
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    const { router } = renderRoutes(routes, '/session/login/ses-1/web/en/familytown');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ type: 'authResult', result: { isError: true, errorCode: 1011, session: 'ses-1' } }, HOST),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/loader'));
  });

  it("in the portal's own login modal (the frame's name), the confirmed close goes to the portal page whatever the delivery type", async () => {
    const post = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({
      postMessage: post,
      location: { origin: window.location.origin },
    } as unknown as Window);
    window.name = PORTAL_LOGIN_FRAME_NAME;
    try {
      expect(inPortalLoginFrame()).toBe(true);
      mockApi({ '/api/control/get-initial-config': { body: { data: config('redirect') } } });
      const { router } = renderRoutes(routes, '/session/login/ses-1/web/en/familytown');
      const user = userEvent.setup();
      // The screens' close asks its confirmation question first.
      await user.click(screen.getByRole('button', { name: 'Close' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Do you want to return to the game?' })).getByRole('button', { name: 'Yes' }),
      );
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          { type: 'authResult', result: { isError: true, errorCode: 1011, session: 'ses-1' } },
          window.location.origin,
        ),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/loader'));
    } finally {
      window.name = '';
    }
  });

  it('a frame of another name, or a parent of another origin, is not the login modal', () => {
    window.name = PORTAL_LOGIN_FRAME_NAME;
    try {
      vi.spyOn(window, 'parent', 'get').mockReturnValue({
        get location(): Location {
          throw new DOMException('cross-origin', 'SecurityError');
        },
      } as unknown as Window);
      expect(inPortalLoginFrame()).toBe(false);
      window.name = 'other';
      vi.spyOn(window, 'parent', 'get').mockReturnValue({ location: { origin: window.location.origin } } as unknown as Window);
      expect(inPortalLoginFrame()).toBe(false);
    } finally {
      window.name = '';
    }
  });

  it('loader-only pages have no header', () => {
    mockApi({});
    renderRoutes([{ path: '/session/loginDone/:result?', element: <Header /> }], '/session/loginDone/eyJ4IjoxfQ');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('payments, confirmed: the screen cancels its payment, then paymentResult 4000 goes to the host', async () => {
    const post = framedBy(HOST);
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    const cancelled = vi.fn(() => Promise.resolve());
    const unregister = registerServiceCloseHandler(cancelled);
    renderRoutes(routes, '/payments/process/pay-7/web/en/familytown');
    const user = userEvent.setup();
    expect(screen.getByText('Payment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to cancel the payment?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { type: 'paymentResult', result: { paymentId: 'pay-7', status: 'none', isError: true, errorCode: 4000 } },
        HOST,
      ),
    );
    expect(cancelled).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('a payment paid meanwhile is not reported as cancelled', async () => {
    mockApi({
      '/api/payments/get/pay-paid': { body: { data: { status: 'paid', payload: 'order-1', token: 'signed.token' } } },
      '/api/payments/get/pay-open': { body: { data: { status: 'pending', payload: 'order-2', token: null } } },
    });
    await expect(paymentCloseResult('pay-paid')).resolves.toEqual({
      paymentId: 'pay-paid',
      status: 'paid',
      isError: false,
      payload: 'order-1',
      token: 'signed.token',
    });
    await expect(paymentCloseResult('pay-open')).resolves.toEqual({
      paymentId: 'pay-open',
      status: 'none',
      isError: true,
      errorCode: 4000,
    });
    await expect(paymentCloseResult('pay-unknown')).resolves.toEqual({
      paymentId: 'pay-unknown',
      status: 'none',
      isError: true,
      errorCode: 4000,
    });
    await expect(paymentCloseResult(null)).resolves.toEqual({ paymentId: null, status: 'none', isError: true, errorCode: 4000 });
  });

  it('a host that is not allowed hears nothing: the flow ends on the result page instead', async () => {
    const post = framedBy('https://not-allowed.example');
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: window.location.origin,
      search: '',
      assign,
    } as unknown as Location);
    renderRoutes(routes, '/support/tickets');
    const user = userEvent.setup();
    expect(screen.getByText('My Tickets')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/support\/done\/[A-Za-z0-9_-]+$/)));
    expect(post).not.toHaveBeenCalled();
  });

  it('transactions, confirmed: back to the start page', async () => {
    framedBy(HOST);
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    const { router } = renderRoutes(routes, '/transactions');
    const user = userEvent.setup();
    expect(screen.getByText('Purchase history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('the portal keeps its own header outside a host', () => {
    mockApi({});
    renderRoutes(routes, '/session/login');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('storage access in a frame', () => {
  it('storage blocked: asks for access from the click, refused opens the screen in a first-party window', async () => {
    framedBy(HOST);
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    const request = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    Object.defineProperty(document, 'requestStorageAccess', { value: request, configurable: true });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderRoutes(routes, '/session/login/ses-1/web/en/familytown');
    const user = userEvent.setup();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your browser does not let this window remember you.');
    await user.click(screen.getByRole('button', { name: 'Allow access' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(request).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]![0]).toBe(window.location.href);
    Reflect.deleteProperty(document, 'requestStorageAccess');
  });

  it('storage works (a partitioned frame): nothing to ask', async () => {
    framedBy(HOST);
    mockApi({ '/api/control/get-initial-config': { body: { data: config('postMessage') } } });
    renderRoutes(routes, '/session/login/ses-1/web/en/familytown');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
