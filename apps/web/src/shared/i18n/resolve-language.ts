import {
  FALLBACK_LANGUAGE,
  PORTAL_LANGUAGES,
  isLanguage,
  isPortalLanguage,
  normalizeLanguage,
  type Language,
  type PortalLanguage,
} from '@portal/contracts/languages';
import { isInArea, routes } from '../paths';

/** The language segment of a path: the second one (`/games/ru/...` -> `ru`). */
export function pathLanguageSegment(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment?.toLowerCase();
}

export interface LanguageSources {
  pathname: string;
  stored?: string | null;
  browser?: string | null;
  /** A portal page (the portal's header): only ru and en are supported there. */
  portal?: boolean;
}

/** The portal's language: the saved choice, else the browser's, when ru or en; else English. */
export function portalLanguageOf({ stored, browser }: Omit<LanguageSources, 'pathname' | 'portal'>): PortalLanguage {
  const saved = normalizeLanguage(stored);
  if (isPortalLanguage(saved)) return saved;
  const fromBrowser = normalizeLanguage(browser);
  return isPortalLanguage(fromBrowser) ? fromBrowser : 'en';
}

/**
 * The second path segment when it is a supported language, else the saved
 * choice, else the browser language, else English. The portal supports ru and en only; the
 * service screens a host embeds all ten.
 */
export function resolveLanguage({ pathname, stored, browser, portal = false }: LanguageSources): Language {
  const fromPath = pathLanguageSegment(pathname);
  if (portal) return isPortalLanguage(fromPath) ? fromPath : portalLanguageOf({ stored, browser });
  if (isLanguage(fromPath)) return fromPath;
  return normalizeLanguage(stored) ?? normalizeLanguage(browser) ?? FALLBACK_LANGUAGE;
}

/** Is the path one of the portal's /games pages? */
export function isGamesPath(pathname: string): boolean {
  return isInArea(routes.games, pathname);
}

/** Catalogue, game pages and prices offer ru and en only, even embedded. */
export function isPortalPath(pathname: string): boolean {
  return isGamesPath(pathname) || isInArea(routes.prices, pathname);
}

export function switcherLanguages(pathname: string, all: readonly Language[]): readonly Language[] {
  return isPortalPath(pathname) ? PORTAL_LANGUAGES : all;
}

/**
 * Under /games the second segment is always a portal language (ru or en): `/games/xx/a/`,
 * `/games/de/a/` and `/games` become `/games/{lng}/...`. Returns the path to go to, or
 * undefined when the path is already fine.
 */
export function fixGamesPath(pathname: string, lng: PortalLanguage): string | undefined {
  if (!isGamesPath(pathname)) return undefined;
  const [, ...rest] = pathname.split('/').filter(Boolean);
  const [segment, ...tail] = rest;
  if (isPortalLanguage(segment)) return undefined;
  // `/games/familytown/` (no language) keeps the project; `/games/xx/familytown/` drops `xx`.
  const keep = segment && !/^[a-z]{2}(-[a-z]{2,4})?$/i.test(segment) ? [segment, ...tail] : tail;
  return `/games/${lng}/${keep.map((s) => `${s}/`).join('')}`;
}

/** Rewrites the language segment of a /games path (language change). */
export function withGamesLanguage(pathname: string, lng: Language): string {
  const parts = pathname.split('/');
  // ['', 'games', 'en', ...]
  if (parts[1] !== 'games') return pathname;
  parts[2] = lng;
  const joined = parts.join('/');
  return joined.endsWith('/') ? joined : `${joined}/`;
}
