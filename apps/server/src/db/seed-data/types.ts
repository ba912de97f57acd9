import type { TGameLocalization } from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';

/** Demo texts of one game in every interface language, plus its search keywords. */
export type GameTexts = Record<Language, TGameLocalization & { keywords: string }>;
