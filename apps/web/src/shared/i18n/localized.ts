import { FALLBACK_LANGUAGE, type Language } from '@portal/contracts/languages';

/** Picks the entry of a per-language record: the current language, else English, else any. */
export function pickLocalized<T>(record: Partial<Record<Language, T>> | undefined, lng: Language): T | undefined {
  if (!record) return undefined;
  return record[lng] ?? record[FALLBACK_LANGUAGE] ?? Object.values(record)[0];
}
