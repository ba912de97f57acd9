import { describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { SIGNED_OUT_USER_AUTH, type TPortalMessage, type TUserAuth } from '@portal/contracts/messages';
import type { HostBridgeHandlers } from './host-bridge.ts';
import { useHostBridge } from './use-host-bridge.ts';

const GAME = 'https://game.example';

function handlers(nickName: string): HostBridgeHandlers {
  const auth: TUserAuth = { ...SIGNED_OUT_USER_AUTH, nickName };
  return {
    getUserAuth: () => auth,
    login: () => auth,
    logout: () => undefined,
    openPayment: () => ({ paymentId: null, status: 'none', isError: true, errorCode: 4000 }),
    changeLanguage: (l) => l,
    getUnreadSupportCount: () => 0,
    openSupport: () => undefined,
  };
}

let notifyRef: ((m: TPortalMessage) => boolean) | null = null;

function Game({ nick, origins }: { nick: string; origins: string[] }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { notify } = useHostBridge(frameRef, handlers(nick), { allowedOrigins: origins, log: () => {} });
  notifyRef = notify;
  return <iframe id="game-frame" title="game" ref={frameRef} />;
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
/** The bridge's code, which the hook loads on first use, is in and the bridge built. */
const bridgeLoaded = async () => {
  await act(async () => {
    await import('./host-bridge.ts');
  });
  await flush();
};

describe('useHostBridge', () => {
  it('answers with the latest handlers and tears down on unmount', async () => {
    const { rerender, unmount } = render(<Game nick="A" origins={[GAME]} />);
    const frame = document.querySelector<HTMLIFrameElement>('iframe#game-frame')!;
    const posted = vi.fn();
    frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
    const send = () =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'getUserAuth' }, origin: GAME, source: frame.contentWindow }));

    // Sent at once: the bridge's code is still loading, and the message waits for it.
    send();
    await waitFor(() => expect(posted).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'userAuth', nickName: 'A' }), GAME));
    expect(posted).toHaveBeenCalledTimes(1);

    const firstNotify = notifyRef;
    rerender(<Game nick="B" origins={[GAME]} />); // a new array with the same origins
    expect(notifyRef).toBe(firstNotify);
    send();
    await flush();
    expect(posted).toHaveBeenCalledTimes(2);
    expect(posted).toHaveBeenLastCalledWith(expect.objectContaining({ nickName: 'B' }), GAME);

    expect(notifyRef!({ type: 'logout' })).toBe(true);
    expect(posted).toHaveBeenLastCalledWith({ type: 'logout' }, GAME);

    unmount();
    send();
    await flush();
    expect(posted).toHaveBeenCalledTimes(3);
    expect(notifyRef!({ type: 'logout' })).toBe(false);
  });

  it('rebuilds the bridge when the allowed origins change', async () => {
    const { rerender, unmount } = render(<Game nick="A" origins={[]} />);
    const frame = document.querySelector<HTMLIFrameElement>('iframe#game-frame')!;
    const posted = vi.fn();
    frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
    const send = () =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'getUnreadSupportCount' }, origin: GAME, source: frame.contentWindow }),
      );
    await bridgeLoaded();
    send();
    await flush();
    expect(posted).not.toHaveBeenCalled();
    rerender(<Game nick="A" origins={[GAME]} />);
    send();
    await waitFor(() => expect(posted).toHaveBeenCalledWith({ type: 'unreadSupportCount', count: 0 }, GAME));
    expect(posted).toHaveBeenCalledTimes(1);
    unmount();
  });
});

describe('useHostBridge while the allowed origins load', () => {
  function Waiting({ ready, origins }: { ready: boolean; origins: string[] }) {
    const frameRef = useRef<HTMLIFrameElement>(null);
    useHostBridge(frameRef, handlers('A'), { allowedOrigins: origins, log: () => {}, ready });
    return <iframe id="game-frame" title="game" ref={frameRef} />;
  }

  it('holds messages until ready, then answers them with the loaded origins', async () => {
    const { rerender, unmount } = render(<Waiting ready={false} origins={[]} />);
    const frame = document.querySelector<HTMLIFrameElement>('iframe#game-frame')!;
    const posted = vi.fn();
    frame.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'getUnreadSupportCount' }, origin: GAME, source: frame.contentWindow }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'getUserAuth' }, origin: 'https://evil.example', source: frame.contentWindow }),
    );
    await flush();
    expect(posted).not.toHaveBeenCalled();
    rerender(<Waiting ready origins={[GAME]} />);
    await waitFor(() => expect(posted).toHaveBeenCalledWith({ type: 'unreadSupportCount', count: 0 }, GAME));
    await flush();
    expect(posted).toHaveBeenCalledTimes(1);
    unmount();
  });
});
