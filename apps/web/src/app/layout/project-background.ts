import { useEffect } from 'react';
import type { TInitialConfig } from '@portal/contracts/control';
import { extraValue } from '@/shared/api/get-initial-config';

/** A colour CSS accepts (hex, rgb(), hsl(), a name); anything else is ignored. */
export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 64) return false;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', value);
  return /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value);
}

/** The project's backgroundColor setting, when it is a colour. */
export function projectBackgroundOf(config: TInitialConfig | undefined): string | undefined {
  const value = extraValue(config, 'backgroundColor');
  return isCssColor(value) ? value : undefined;
}

/**
 * The service screens a host embeds (login, payment, support, ...) take the project's
 * backgroundColor as the page background while they show; the portal keeps its own.
 */
export function useProjectBackground(config: TInitialConfig | undefined): void {
  const color = projectBackgroundOf(config);
  useEffect(() => {
    if (!color) return;
    const root = document.documentElement;
    root.style.setProperty('--bg', color);
    return () => {
      root.style.removeProperty('--bg');
    };
  }, [color]);
}
