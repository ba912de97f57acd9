/**
 * The portal as the host of a redirect project's game: the game page sends the browser to the
 * session's loginUrl and keeps, for this tab, where to come back to. The result page
 * (/session/loginDone/:result) of that session brings the player back there; a result of any
 * other session stays on the result page for its host to read.
 */
const KEY = 'portalLoginReturn';

interface LoginReturn {
  session: string;
  path: string;
}

export function rememberLoginReturn(session: string, path: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ session, path } satisfies LoginReturn));
  } catch {
    /* storage blocked: the player stays on the result page */
  }
}

/** The page to go back to after `session`'s sign-in (once), or null when it is not ours. */
export function takeLoginReturn(session: unknown): string | null {
  if (typeof session !== 'string' || !session) return null;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<LoginReturn>;
    if (saved.session !== session || typeof saved.path !== 'string' || !saved.path.startsWith('/') || saved.path.startsWith('//'))
      return null;
    window.sessionStorage.removeItem(KEY);
    return saved.path;
  } catch {
    return null;
  }
}
