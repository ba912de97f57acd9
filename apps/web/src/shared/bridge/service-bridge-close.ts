import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * What a screen must do before the embedded header's close ends its flow: the payment screens
 * cancel the provider's payment (e.g. Stripe's intent) before the host hears errorCode 4000.
 * The header runs the handler of the screen shown (the last registered) after the player
 * confirmed; a failing handler does not keep the player in.
 */
export type ServiceCloseHandler = () => Promise<unknown> | unknown;

const handlers: ServiceCloseHandler[] = [];

export function registerServiceCloseHandler(handler: ServiceCloseHandler): () => void {
  handlers.push(handler);
  return () => {
    const index = handlers.lastIndexOf(handler);
    if (index >= 0) handlers.splice(index, 1);
  };
}

/** Registers `handler` while the calling screen is mounted (the latest closure is called). */
export function useServiceCloseHandler(handler: ServiceCloseHandler): void {
  const latest = useRef(handler);
  // In the commit itself, so that a close landing before passive effects ran finds this closure.
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => registerServiceCloseHandler(() => latest.current()), []);
}

/** Runs the current screen's handler; resolves false when it failed (the flow still ends). */
export async function runServiceCloseHandler(): Promise<boolean> {
  const handler = handlers[handlers.length - 1];
  if (!handler) return true;
  try {
    await handler();
    return true;
  } catch {
    return false;
  }
}
