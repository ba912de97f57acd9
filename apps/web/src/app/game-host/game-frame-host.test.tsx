import { useRef } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPaymentResult } from '@portal/contracts/messages';
import { clearSignIn, storeSignIn } from '@/shared/auth/auth-store';
import { i18n } from '@/shared/i18n/i18n';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { PORTAL_LOGIN_FRAME_NAME } from '@/app/layout/header-embed';
import { GameFrameHost } from './game-frame-host';

const notifyMock = vi.hoisted(() => vi.fn());
vi.mock('@/shared/ui/notify', () => ({ notify: notifyMock }));
// The features' panels are theirs to test; here they only end the flow as theirs would.
vi.mock('./payment-modal', () => ({
  PaymentModal: ({ values, onDone }: { values: { id: string; project: string | null }; onDone: (r: TPaymentResult) => void }) => (
    <div>
      <p>
        Paying {values.id} for {values.project}
      </p>
      <button type="button" onClick={() => onDone({ paymentId: values.id, status: 'paid', isError: false, token: 'tok' })}>
        Ok
      </button>
    </div>
  ),
}));
vi.mock('./support-modal', () => ({
  SupportModal: ({ onClose }: { onClose: () => void }) => (
    <button type="button" onClick={onClose}>
      Support panel
    </button>
  ),
}));

const GAME = 'https://game.example';
const SESSION = '0b7c2d9e-6a53-4c1e-9d0f-3f2a1b4c5d6e';
const OWN = window.location.origin;

function Page() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  return (
    <>
      <iframe id="game-frame" title="game" ref={frameRef} src={`${GAME}/index.html`} />
      <GameFrameHost frameRef={frameRef} project="familytown" />
    </>
  );
}

let posted: ReturnType<typeof vi.fn>;
let unread = 0;

function setup(path = '/games/en/familytown/') {
  const view = renderRoutes([{ path: '/games/:lng/:projectName/', element: <Page /> }], path);
  const frame = document.querySelector<HTMLIFrameElement>('iframe#game-frame')!;
  posted = vi.fn();
  frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
  return { ...view, frame };
}

const send = (frame: HTMLIFrameElement, data: unknown, origin = GAME) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));
  });

const lastPosted = () => posted.mock.calls.at(-1) as [unknown, string] | undefined;
const postedOfType = (type: string) => posted.mock.calls.filter(([m]) => (m as { type: string }).type === type);

const PLAYER = { userId: 'u-1', nickName: 'Nick', currentAuthType: 'email' as const, jwt: 'jwt-1' };

describe('GameFrameHost', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    localStorage.clear();
    unread = 0;
    notifyMock.mockReset();
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: [], extra: [] },
            mainData: { projectName: 'familytown', outOfCatalog: false },
            knownProjects: ['familytown'],
            allowedOrigins: [OWN, GAME],
          },
        },
      },
      '/api/support/get-support-unread-message-count': () => ({ body: { data: { count: unread } } }),
      '/api/auth/logout': { body: { data: { result: true } } },
      // The game's own token of the player (aud = familytown), never the portal session.
      '/api/auth/game-token': { body: { data: { jwt: 'game-jwt-1', expiresAt: new Date(Date.now() + 12 * 3600_000).toISOString() } } },
      '/api/session/get': {
        body: { data: { session: SESSION, loginUrl: `http://portal.example/session/login/${SESSION}/web/en/familytown` } },
      },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  // The allowed origins come from the initial config: wait until a message is answered.
  async function ready(frame: HTMLIFrameElement) {
    await waitFor(async () => {
      send(frame, { type: 'getUserAuth' });
      await Promise.resolve();
      expect(postedOfType('userAuth').length).toBeGreaterThan(0);
    });
    posted.mockClear();
  }

  it('answers getUserAuth signed out and signed in, to the game origin only', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'getUserAuth' });
    await waitFor(() =>
      expect(lastPosted()).toEqual([expect.objectContaining({ type: 'userAuth', currentAuthType: 'unauthorized', jwt: null }), GAME]),
    );
    act(() => storeSignIn(PLAYER));
    posted.mockClear();
    send(frame, { type: 'getUserAuth' });
    await waitFor(() =>
      expect(lastPosted()).toEqual([
        { type: 'userAuth', userId: 'u-1', nickName: 'Nick', currentAuthType: 'email', jwt: 'game-jwt-1', session: null },
        GAME,
      ]),
    );
  });

  it('drops messages from an origin that is not allowed and malformed ones', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'getUserAuth' }, 'https://evil.example');
    send(frame, 'getUserAuth');
    send(frame, { type: 'nope' });
    send(frame, { type: 'changeLanguage', language: 'xx' });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(posted).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logout signs out and answers once; a logout on the portal side is pushed', async () => {
    act(() => storeSignIn(PLAYER));
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'logout' });
    await waitFor(() => expect(postedOfType('logout')).toHaveLength(1));
    expect(localStorage.getItem('accessToken')).toBeNull();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(postedOfType('logout')).toHaveLength(1);

    act(() => storeSignIn(PLAYER));
    // pushed with the game's own token of the player, fetched for this project
    await waitFor(() => expect(postedOfType('userAuth').at(-1)?.[0]).toMatchObject({ userId: 'u-1', jwt: 'game-jwt-1' }));
    act(() => clearSignIn());
    expect(postedOfType('logout')).toHaveLength(2);
  });

  it('changeLanguage switches the portal and the /games path, answered once; a portal switch is pushed', async () => {
    const { frame, router } = setup();
    await ready(frame);
    send(frame, { type: 'changeLanguage', language: 'ru' });
    await waitFor(() => expect(lastPosted()).toEqual([{ type: 'languageChange', language: 'ru' }, GAME]));
    expect(i18n.language).toBe('ru');
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/ru/familytown/'));
    expect(postedOfType('languageChange')).toHaveLength(1);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(postedOfType('languageChange').at(-1)).toEqual([{ type: 'languageChange', language: 'en' }, GAME]);
  });

  it('answers the unread support count', async () => {
    unread = 3;
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'getUnreadSupportCount' });
    await waitFor(() => expect(lastPosted()).toEqual([{ type: 'unreadSupportCount', count: 3 }, GAME]));
  });

  it('openPayment with the portal’s own URL opens the payment modal with its values and answers the result', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'openPayment', text: `${OWN}/payments/process/pay-1?project=familytown` });
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(dialog.textContent).toContain('Paying pay-1 for familytown');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() =>
      expect(lastPosted()).toEqual([{ type: 'paymentResult', paymentId: 'pay-1', status: 'paid', isError: false, token: 'tok' }, GAME]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing the payment modal early tells the game it was cancelled (4000)', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'openPayment', text: `${OWN}/payments/process/pay-2` });
    await screen.findByRole('dialog', { name: 'Payment' });
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    await waitFor(() =>
      expect(lastPosted()).toEqual([{ type: 'paymentResult', paymentId: 'pay-2', status: 'none', isError: true, errorCode: 4000 }, GAME]),
    );
  });

  it('openPayment with a foreign or missing URL opens nothing and shows the payment opening error', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'openPayment', text: 'https://evil.example/payments/process/x' });
    send(frame, { type: 'openPayment' });
    await waitFor(() => expect(postedOfType('paymentResult')).toHaveLength(2));
    expect(postedOfType('paymentResult')[0]?.[0]).toMatchObject({ isError: true, errorCode: 4001 });
    expect(notifyMock).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error', text: 'The payment could not be opened' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('openSupport opens the support panel in the modal', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'openSupport' });
    fireEvent.click(await screen.findByRole('button', { name: 'Support panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).not.toHaveBeenCalled();
  });

  it('login opens the sign-in screens in the modal and answers the player once they signed in there', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'login' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    // The session's login URL, on this page's origin; the session is stored.
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe(`/session/login/${SESSION}/web/en/familytown`);
    expect(localStorage.getItem('session')).toBe(SESSION);
    // The frame's sign-in reaches this page as a storage event.
    localStorage.setItem('accessToken', 'jwt-1');
    localStorage.setItem('webAuthData', JSON.stringify({ userId: 'u-1', nickName: 'Nick', currentAuthType: 'email' }));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'webAuthData' })));
    await waitFor(() =>
      expect(lastPosted()).toEqual([
        expect.objectContaining({ type: 'userAuth', userId: 'u-1', jwt: 'game-jwt-1', session: SESSION }),
        GAME,
      ]),
    );
    expect(postedOfType('userAuth')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a login closed without signing in answers the signed-out player; the framed screens own the only close button', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'login' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    // No close of the modal's own beside the one of the screens' header in the frame, which
    // learns from the frame's name that it is this modal's.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(dialog.querySelector('iframe')?.getAttribute('name')).toBe(PORTAL_LOGIN_FRAME_NAME);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() =>
      expect(lastPosted()).toEqual([expect.objectContaining({ type: 'userAuth', currentAuthType: 'unauthorized' }), GAME]),
    );
  });

  it('a failure the sign-in screens report (their close: 1011) ends the login signed out', async () => {
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'login' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    const login = dialog.querySelector('iframe')!;
    // From another window than the login frame: ignored.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'authResult', result: { isError: true, errorCode: 1011 } },
          origin: OWN,
          source: frame.contentWindow,
        }),
      );
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'authResult', result: { isError: true, errorCode: 1011, session: SESSION } },
          origin: OWN,
          source: login.contentWindow,
        }),
      );
    });
    await waitFor(() =>
      expect(lastPosted()).toEqual([expect.objectContaining({ type: 'userAuth', currentAuthType: 'unauthorized' }), GAME]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without a session (session/get failed) the plain login screen opens and a toast says why', async () => {
    vi.restoreAllMocks();
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: [], extra: [] },
            mainData: { projectName: 'familytown', outOfCatalog: false },
            knownProjects: ['familytown'],
            allowedOrigins: [OWN, GAME],
          },
        },
      },
      '/api/session/get': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'no' } },
    });
    const { frame } = setup();
    await ready(frame);
    send(frame, { type: 'login' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('/session/login');
    expect(notifyMock).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error', text: 'Could not start a session.' }));
  });
});
