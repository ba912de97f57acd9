import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `delayMs`; false again as soon as it turns false.
 * Keeps fast loads from flashing a loader: the loader shows only after 300 ms.
 */
export function useDelayedFlag(delayMs: number, active = true): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
