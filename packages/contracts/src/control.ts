import { z } from 'zod';
import { AUTH_METHODS, AUTH_TYPES, PAYMENT_PROVIDERS } from './control-constants.ts';

export * from './control-constants.ts';
import { LANGUAGES, type Language } from './languages.ts';

/**
 * Portal data: game records, single-game settings, prices and the
 * initial project config. Every /api answer wraps its payload in `{ data }`.
 */

export const ZProjectName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'a project name is letters, digits, "-" and "_"');

export const ZSeoData = z.object({
  title: z.string(),
  faviconImage: z.string(),
  appleTouchImage: z.string(),
  description: z.string(),
  keywords: z.string(),
  ogUrl: z.string(),
  ogType: z.string(),
  ogTitle: z.string(),
  ogDescription: z.string(),
  ogImage: z.string(),
  ogSiteName: z.string(),
});
export type TSeoData = z.infer<typeof ZSeoData>;

/** The legal documents a project links to (footer, registration consent). */
export const LEGAL_DOCS = ['contacts', 'publicOffer', 'termsOfUse', 'privacyPolicy', 'personalData'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

/** An https address, or a path on the portal's own site (one leading `/`, not `//`). */
export function isLegalDocAddress(value: string): boolean {
  if (value === '' || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const ZLegalDocAddress = z.string().trim().max(2000).refine(isLegalDocAddress, 'an https:// address or a site path starting with /');

/** Addresses of a project's legal documents in one language; a missing one falls back. */
export const ZLegalDocs = z
  .object({
    contacts: ZLegalDocAddress,
    publicOffer: ZLegalDocAddress,
    termsOfUse: ZLegalDocAddress,
    privacyPolicy: ZLegalDocAddress,
    personalData: ZLegalDocAddress,
  } satisfies Record<LegalDoc, typeof ZLegalDocAddress>)
  .partial();
export type TLegalDocs = z.infer<typeof ZLegalDocs>;

export const ZGameLocalization = z.object({
  name: z.string(),
  cardDescription: z.string(),
  fullDescription: z.string(),
});
export type TGameLocalization = z.infer<typeof ZGameLocalization>;

/** Texts per language; the portal reads `ru` and `en`, falling back to `en`. */
export const ZLocalized = <T extends z.ZodTypeAny>(item: T) => z.partialRecord(z.enum(LANGUAGES), item);

export const ZWebPage = z.object({
  cardBackgroundColor: z.string().nullable(),
  cardLogoImage: z.string(),
  footerBackgroundColor: z.string().nullable(),
  inDevelop: z.boolean(),
  isActive: z.boolean(),
  /** The game's own URL; the portal appends `?lang=` (or `&lang=`) when it frames it. */
  iframeUrl: z.string(),
  projectBackgroundFile: z.string(),
  gameImage: z.string(),
});
export type TWebPage = z.infer<typeof ZWebPage>;

export const ZSocialItem = z.object({ fileName: z.string(), link: z.string() });
export type TSocialItem = z.infer<typeof ZSocialItem>;

export const ZGameRecord = z.object({
  project: z.string(),
  mainData: z.object({ projectName: z.string(), outOfCatalog: z.boolean() }),
  web_page: ZWebPage.nullable(),
  localization: ZLocalized(ZGameLocalization),
  seoData: ZLocalized(ZSeoData.partial()),
  social: z.object({ items: z.array(ZSocialItem) }),
});
export type TGameRecord = z.infer<typeof ZGameRecord>;

export const ZSingleGameSettings = z.object({
  iframeSrc: z.string(),
  backgroundImageFile: z.string(),
  backgroundFile: z.string(),
  popupFile: z.string(),
  popupSmallFile: z.string(),
  verificationBtnFile: z.string(),
  verificationSmallBtnFile: z.string(),
});
export type TSingleGameSettings = z.infer<typeof ZSingleGameSettings>;

export const ZSingleGameData = z.object({
  settings: ZSingleGameSettings,
  seoData: ZLocalized(ZSeoData.partial()),
});
export type TSingleGameData = z.infer<typeof ZSingleGameData>;

/** An item's name per interface language; English is always there and stands in for a missing one. */
export const ZPriceTitles = ZLocalized(z.string());
export type TPriceTitles = z.infer<typeof ZPriceTitles>;

/** The item's name in `language`, else the English one. */
export function priceTitleIn(titles: TPriceTitles, language: Language): string {
  return titles[language] || titles.en || '';
}

export const ZPriceItem = z.object({
  id: z.string(),
  /** titles.ru, else the English name */
  ruTitle: z.string(),
  ruValue: z.number(),
  /** titles.en */
  enTitle: z.string(),
  enValue: z.number(),
  logoName: z.string(),
  /** The name in every language it has (older servers leave it out). */
  titles: ZPriceTitles.optional(),
});
export type TPriceItem = z.infer<typeof ZPriceItem>;

export const ZExtraItem = z.object({ id: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) });

export const ZInitialConfig = z.object({
  projects: z.object({
    name: z.string(),
    authType: z.enum(AUTH_TYPES),
    authMethods: z.array(z.enum(AUTH_METHODS)),
    paymentsMethods: z.array(z.enum(PAYMENT_PROVIDERS)),
    /** id/value pairs: backgroundColor (string), failedAttemptLimit (number), ... */
    extra: z.array(ZExtraItem),
    /** The project's own legal documents per language; the portal's /docs files stand in for missing ones. */
    legalDocs: ZLocalized(ZLegalDocs).optional(),
  }),
  mainData: z.object({ projectName: z.string(), outOfCatalog: z.boolean() }),
  /** Projects the prices page and the embedded screens accept. */
  knownProjects: z.array(z.string()),
  /** Origins allowed to exchange window messages with the portal. */
  allowedOrigins: z.array(z.string()),
  /**
   * The public settings of the sign-ins that run on the provider's own script in the page
   * (Sign in with Apple JS, the Telegram login widget, the Facebook SDK), one per provider
   * with keys here. A provider missing from it signs in through `/passport/{provider}`.
   */
  signIn: z
    .object({
      apple: z.object({ clientId: z.string(), redirectUri: z.string(), scriptUrl: z.string() }).optional(),
      telegram: z.object({ botId: z.string(), scriptUrl: z.string() }).optional(),
      facebook: z.object({ appId: z.string(), scriptUrl: z.string() }).optional(),
    })
    .optional(),
});
export type TInitialConfig = z.infer<typeof ZInitialConfig>;

export type TSignInSettings = NonNullable<TInitialConfig['signIn']>;

/** Query strings of the control calls. */
export const ZGameQuery = z.object({ projectName: ZProjectName });
export const ZPricesQuery = z.object({ project: ZProjectName });
/** get-initial-config: `project` picks a project; without it the host name decides. */
export const ZInitialConfigQuery = z.object({ project: ZProjectName.optional() });

export const dataOf = <T extends z.ZodTypeAny>(item: T) => z.object({ data: item });
