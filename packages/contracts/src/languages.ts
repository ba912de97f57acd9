/** The ten interface languages; English is the fallback. */
export const LANGUAGES = ['ru', 'en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** The portal (catalogue, game pages) and the prices page offer only these two. */
export const PORTAL_LANGUAGES = ['ru', 'en'] as const satisfies readonly Language[];
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isPortalLanguage(value: unknown): value is PortalLanguage {
  return typeof value === 'string' && (PORTAL_LANGUAGES as readonly string[]).includes(value);
}

/** `ru-RU` -> `ru`, when supported (a stored choice, `navigator.language`, an Accept-Language tag). */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}
