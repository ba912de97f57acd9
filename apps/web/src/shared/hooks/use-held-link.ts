import { useState } from 'react';

const fileOf = (path: string) => path.split('?')[0];

/**
 * A signed media link (support attachments) held while it works. Each ticket refetch brings a
 * fresh link to the same file (they change every 10 minutes), and a new `src` would reload the
 * element: a playing video would start over, an image would load again. So the first link of a
 * file is kept; when the element fails with it (it expired), `retry()` switches to the latest
 * link and answers true, and answers false when the latest link is the one that failed (a real
 * error to show). Another file takes its own link at once.
 */
export function useHeldLink(path: string): { src: string; retry: () => boolean } {
  const [held, setHeld] = useState(path);
  // A different file: take its link now (state adjusted during render, React's documented way).
  if (fileOf(held) !== fileOf(path)) setHeld(path);
  const src = fileOf(held) === fileOf(path) ? held : path;
  const retry = () => {
    if (src === path) return false;
    setHeld(path);
    return true;
  };
  return { src, retry };
}
