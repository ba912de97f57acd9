import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { TPortalMessage } from '@portal/contracts/messages';
import type { BridgeLog, HostBridge, HostBridgeHandlers, createHostBridge } from './host-bridge.ts';

type BridgeCode = { createHostBridge: typeof createHostBridge; devLog: BridgeLog };

// The bridge and the message schemas it checks with load when a game first plays, not with
// the page that shows the game's intro.
let bridgeCode: BridgeCode | null = null;
const loadBridgeCode = (): Promise<BridgeCode> =>
  import('./host-bridge.ts').then((code) => {
    bridgeCode = code;
    return code;
  });

export interface UseHostBridgeOptions {
  /** `config.allowedOrigins` of the initial config; the page's own origin is always allowed. */
  allowedOrigins: readonly string[];
  /** See `HostBridgeOptions.paymentOrigins`. */
  paymentOrigins?: readonly string[];
  log?: BridgeLog;
  /**
   * False while `allowedOrigins` is still loading: messages arriving meanwhile (a game that
   * asks at once on load) are held, at most 32, and handled once it is true instead of being
   * dropped as coming from an unknown origin. Default true. Messages that arrive while the
   * bridge's own code loads are held the same way.
   */
  ready?: boolean;
}

const MAX_HELD = 32;

/**
 * Answers the game in `frameRef` (`iframe#game-frame`) while the component is mounted. The
 * handlers may change on every render: the bridge always calls the latest ones. Returns
 * `notify`, stable across renders, to push events (logout, languageChange,
 * unreadSupportCount, userAuth) to the game.
 */
export function useHostBridge(
  frameRef: RefObject<HTMLIFrameElement | null>,
  handlers: HostBridgeHandlers,
  options: UseHostBridgeOptions,
): { notify(message: TPortalMessage): boolean } {
  const latest = useRef({ handlers, log: options.log });
  useEffect(() => {
    latest.current = { handlers, log: options.log };
  });
  const bridgeRef = useRef<HostBridge | null>(null);
  // New arrays with the same origins must not rebuild the bridge.
  const originsKey = options.allowedOrigins.join('\n');
  const paymentOriginsKey = (options.paymentOrigins ?? []).join('\n');

  const held = useRef<MessageEvent[]>([]);
  const [code, setCode] = useState(bridgeCode);
  const ready = options.ready ?? true;

  useEffect(() => {
    if (code) return;
    let mounted = true;
    loadBridgeCode().then(
      (loaded) => {
        if (mounted) setCode(loaded);
      },
      (error: unknown) => latest.current.log?.('bridge code failed to load', { error }),
    );
    return () => {
      mounted = false;
    };
  }, [code]);

  useEffect(() => {
    if (!ready || !code) {
      const hold = (event: MessageEvent) => {
        if (held.current.length < MAX_HELD) held.current.push(event);
      };
      window.addEventListener('message', hold);
      return () => window.removeEventListener('message', hold);
    }
    const forward: HostBridgeHandlers = {
      getUserAuth: () => latest.current.handlers.getUserAuth(),
      login: () => latest.current.handlers.login(),
      logout: () => latest.current.handlers.logout(),
      openPayment: (target) => latest.current.handlers.openPayment(target),
      changeLanguage: (language) => latest.current.handlers.changeLanguage(language),
      getUnreadSupportCount: () => latest.current.handlers.getUnreadSupportCount(),
      openSupport: () => latest.current.handlers.openSupport(),
      onPaymentRefused: (text) => latest.current.handlers.onPaymentRefused?.(text),
    };
    const split = (key: string) => (key ? key.split('\n') : []);
    const bridge = code.createHostBridge({
      frame: () => frameRef.current,
      allowedOrigins: split(originsKey),
      paymentOrigins: split(paymentOriginsKey),
      handlers: forward,
      // `log` may be a new function on every render: always call the latest one.
      log: (event, detail) => (latest.current.log ?? code.devLog)(event, detail),
    });
    bridgeRef.current = bridge;
    for (const event of held.current.splice(0)) bridge.receive(event);
    return () => {
      bridge.destroy();
      if (bridgeRef.current === bridge) bridgeRef.current = null;
    };
  }, [frameRef, originsKey, paymentOriginsKey, ready, code]);

  const notify = useCallback((message: TPortalMessage) => bridgeRef.current?.notify(message) ?? false, []);
  return { notify };
}
