import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { TPortalMessage } from '@portal/contracts/messages';
import { createHostBridge, type BridgeLog, type HostBridge, type HostBridgeHandlers } from './host-bridge.ts';

export interface UseHostBridgeOptions {
  /** `config.allowedOrigins` of the initial config; the page's own origin is always allowed. */
  allowedOrigins: readonly string[];
  log?: BridgeLog;
}

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
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const bridgeRef = useRef<HostBridge | null>(null);
  const { log } = options;
  // A new array with the same origins must not rebuild the bridge.
  const originsKey = options.allowedOrigins.join('\n');

  useEffect(() => {
    const forward: HostBridgeHandlers = {
      getUserAuth: () => latest.current.getUserAuth(),
      login: () => latest.current.login(),
      logout: () => latest.current.logout(),
      openPayment: (target) => latest.current.openPayment(target),
      changeLanguage: (language) => latest.current.changeLanguage(language),
      getUnreadSupportCount: () => latest.current.getUnreadSupportCount(),
      openSupport: () => latest.current.openSupport(),
      onPaymentRefused: (text) => latest.current.onPaymentRefused?.(text),
    };
    const bridge = createHostBridge({
      frame: () => frameRef.current,
      allowedOrigins: originsKey ? originsKey.split('\n') : [],
      handlers: forward,
      log,
    });
    bridgeRef.current = bridge;
    return () => {
      bridge.destroy();
      if (bridgeRef.current === bridge) bridgeRef.current = null;
    };
  }, [frameRef, originsKey, log]);

  const notify = useCallback((message: TPortalMessage) => bridgeRef.current?.notify(message) ?? false, []);
  return { notify };
}
