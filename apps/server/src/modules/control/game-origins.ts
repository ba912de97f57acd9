import { safeOrigin } from '@portal/contracts/addresses';
import { originOfAddress } from '@portal/contracts/catalog-console';
import type { CatalogCache } from './catalog-cache.ts';
import type { CatalogSnapshot } from './repository.ts';

export type GameOriginsOptions = {
  /** PUBLIC_URL's origin: the portal itself ('self' in the security headers). */
  publicOrigin: string;
  /** ALLOWED_GAME_ORIGINS: hosts outside the catalogue. */
  configured: readonly string[];
  /** Production: a game's plain-http address adds no origin. */
  httpsOnly: boolean;
};

/**
 * The origins allowed to frame the portal's screens, to be framed by it and to exchange window
 * messages with it: ALLOWED_GAME_ORIGINS, then every game that is not archived (its address's
 * origin and its extra origins). Read from the catalogue snapshot, so a console edit reaches every
 * process as soon as its cached catalogue is dropped.
 */
export type GameOrigins = {
  /** The games' origins without the portal's own, in a stable order and without repeats. */
  of(snapshot: CatalogSnapshot): readonly string[];
  /** What the initial config sends as `allowedOrigins`: the portal's origin first, then `of()`. */
  withPortal(snapshot: CatalogSnapshot): readonly string[];
  /** The current `of()`; while the catalogue cannot be read, the last list read (at first ALLOWED_GAME_ORIGINS alone). */
  current(): Promise<readonly string[]>;
};

/** A stored value the list left out: it is no safe origin (stored before the checks, or by hand). */
export type SkippedOrigin = { project: string; field: 'webPage.iframeUrl' | 'extraOrigins'; value: string };

/**
 * The origins of the catalogue's games, each checked again here, where it becomes part of
 * headers: a stored value that is no plain `scheme://host[:port]` is left out and reported to
 * `onSkip`, never passed on.
 */
export function catalogueOrigins(snapshot: CatalogSnapshot, httpsOnly: boolean, onSkip?: (skipped: SkippedOrigin) => void): string[] {
  const origins: string[] = [];
  // In catalogue order, so the list (and the headers built from it) is the same on every process.
  for (const project of snapshot.projects) {
    const game = snapshot.games.get(project.name);
    if (!game || game.archived) continue;
    const address = game.webPage?.iframeUrl?.trim();
    const own = originOfAddress(address);
    if (own) {
      if (!httpsOnly || own.startsWith('https:')) origins.push(own);
    } else if (address && /^[a-z][a-z0-9+.-]*:/i.test(address)) {
      // A site path ("/demo-games/...") adds no origin; anything else with a scheme is refused.
      onSkip?.({ project: project.name, field: 'webPage.iframeUrl', value: address });
    }
    for (const value of game.extraOrigins) {
      const origin = safeOrigin(value);
      if (origin && (!httpsOnly || origin.startsWith('https:'))) origins.push(origin);
      else onSkip?.({ project: project.name, field: 'extraOrigins', value });
    }
  }
  return origins;
}

export function createGameOrigins(
  cache: Pick<CatalogCache, 'snapshot'>,
  { publicOrigin, configured, httpsOnly }: GameOriginsOptions,
  onReadError?: (error: unknown) => void,
  onSkip?: (skipped: SkippedOrigin) => void,
): GameOrigins {
  // One list per snapshot: the security headers ask for it on every request.
  const lists = new WeakMap<CatalogSnapshot, { games: readonly string[]; all: readonly string[] }>();
  let last: readonly string[] = configured.filter((origin) => origin !== publicOrigin);
  const listsOf = (snapshot: CatalogSnapshot) => {
    let found = lists.get(snapshot);
    if (!found) {
      // Once per snapshot, so a bad stored value is logged once per catalogue change, not per request.
      const games = [...new Set([...configured, ...catalogueOrigins(snapshot, httpsOnly, onSkip)])].filter(
        (origin) => origin !== publicOrigin,
      );
      found = { games, all: [publicOrigin, ...games] };
      lists.set(snapshot, found);
    }
    return found;
  };
  // Told once per outage, not on every request of it.
  let failing = false;
  return {
    of: (snapshot) => listsOf(snapshot).games,
    withPortal: (snapshot) => listsOf(snapshot).all,
    async current() {
      try {
        last = listsOf(await cache.snapshot()).games;
        failing = false;
        return last;
      } catch (error) {
        if (!failing) onReadError?.(error);
        failing = true;
        return last;
      }
    },
  };
}
