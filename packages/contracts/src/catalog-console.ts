import { z } from 'zod';
import {
  AUTH_METHODS,
  AUTH_TYPES,
  FAILED_ATTEMPT_LIMIT_RANGE,
  RESERVED_PROJECT_NAMES,
  PAYMENT_PROVIDERS,
  ZExtraItem,
  ZGameLocalization,
  ZLegalDocs,
  ZLocalized,
  ZProjectName,
  ZSeoData,
  ZSingleGameSettings,
  ZSocialItem,
  ZWebPage,
} from './control.ts';
import { gameAddressProblem, isImageAddress, isPlainHostName, isSiteAddress, safeOrigin } from './addresses.ts';
import { LANGUAGES } from './languages.ts';
import type { SERVER_PATH_PREFIXES } from './server-paths.ts';

/**
 * The publisher console's catalogue calls under /api/staff/catalog (roles `catalog` and
 * `admin`). Every record carries a `version`; a save sends the version it was loaded at and
 * gets 409 EDIT_CONFLICT, with the current record, when someone saved in between.
 */

const ZVersion = z.number().int().positive();

/** A host name as a browser sends it: lowercase labels of letters, digits and dashes. */
export const ZHostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, 'not a host name');

/**
 * Why `value` is not an exact origin (`scheme://host[:port]`, http or https, nothing after the
 * host and port but an optional "/", no user, no wildcard), or `null` when it is one. Whether
 * plain http is allowed is the server's call (not in production).
 */
export function originProblem(value: string): string | null {
  const text = value.trim();
  if (text.includes('*')) return 'an origin has no wildcards';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not an origin like https://game.example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an origin starts with https://';
  if (!url.hostname) return 'not an origin like https://game.example.com';
  if (!isPlainHostName(url.hostname)) return 'an origin is a plain host name like https://game.example.com';
  if (url.username || url.password) return 'an origin has no user name or password';
  // "https://a.example/" is the origin, "https://a.example/x", "?x" or "#x" is a page.
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text) || /^[a-z]+:\/\/[^/]*\/./i.test(text)) {
    return 'an origin has no path, query or fragment';
  }
  return null;
}

/** The origin of an exact origin (`originProblem` answered null): lowercase, default port left out. */
export const normalizeOrigin = (value: string): string => new URL(value.trim()).origin;

/**
 * The origin a game address runs on; `null` for a path on the portal itself or what is no
 * http(s) URL on a plain host name (a value stored before the address was checked included).
 */
export function originOfAddress(address: string | null | undefined): string | null {
  return address ? safeOrigin(address.trim()) : null;
}

/** A game's address: an http(s) URL on a plain host name or a site path (production takes https only). */
export const ZGameAddress = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = gameAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An image: an https URL, a site path or a file name under /images; empty for none. */
export const ZImageAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isImageAddress(value), 'an image is an https:// address, a site path starting with / or a file name');

/** A link: an https URL or a site path; empty for none. */
export const ZLinkAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isSiteAddress(value), 'an https:// address or a site path starting with /');

/** A CSS colour as the console's colour fields take it: #rgb, #rrggbb (with alpha) or a colour name. */
export const ZCssColor = z
  .string()
  .trim()
  .max(40)
  .regex(/^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,30})$/i, 'a colour like #1d6f42');

const ZConsoleWebPage = ZWebPage.extend({
  iframeUrl: ZGameAddress,
  cardLogoImage: ZImageAddress,
  gameImage: ZImageAddress,
  projectBackgroundFile: ZImageAddress,
  cardBackgroundColor: ZCssColor.nullable(),
  footerBackgroundColor: ZCssColor.nullable(),
});

/** Page metadata as the console saves it: images and the page's URL checked, the texts free. */
export const ZConsoleSeoData = ZSeoData.extend({
  faviconImage: ZImageAddress,
  appleTouchImage: ZImageAddress,
  ogImage: ZImageAddress,
  ogUrl: ZLinkAddress,
}).partial();

const ZConsoleSocialItem = ZSocialItem.extend({ fileName: ZImageAddress, link: ZLinkAddress });

const ZConsoleSingleGameSettings = ZSingleGameSettings.extend({
  iframeSrc: ZGameAddress,
  backgroundImageFile: ZImageAddress,
  backgroundFile: ZImageAddress,
  popupFile: ZImageAddress,
  popupSmallFile: ZImageAddress,
  verificationBtnFile: ZImageAddress,
  verificationSmallBtnFile: ZImageAddress,
});

/** A project's id/value settings; the ones the portal reads are checked (failedAttemptLimit: 1 to 20). */
const ZProjectExtra = z
  .array(ZExtraItem)
  .max(50)
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      if (item.id === 'failedAttemptLimit') {
        const { min, max } = FAILED_ATTEMPT_LIMIT_RANGE;
        if (typeof item.value !== 'number' || !Number.isInteger(item.value) || item.value < min || item.value > max) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'value'],
            message: `the failed-attempt limit is a whole number from ${min} to ${max}`,
          });
        }
      }
      if (item.id === 'backgroundColor' && !ZCssColor.safeParse(item.value).success) {
        ctx.addIssue({ code: 'custom', path: [index, 'value'], message: 'a colour like #1d6f42' });
      }
    });
  });

/** One extra origin a game's pages run on (a CDN, a second domain). */
export const ZGameOrigin = z
  .string()
  .trim()
  .max(300)
  .superRefine((value, ctx) => {
    const problem = originProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An amount in a currency's main unit: above zero, at most two decimals. */
export const ZPriceAmount = z
  .number()
  .positive('a price is above zero')
  .max(10_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'at most two decimals');

const projectFields = {
  authType: z.enum(AUTH_TYPES),
  authMethods: z.array(z.enum(AUTH_METHODS)).max(AUTH_METHODS.length),
  paymentsMethods: z.array(z.enum(PAYMENT_PROVIDERS)).max(PAYMENT_PROVIDERS.length),
  /** id/value pairs: backgroundColor, failedAttemptLimit, ... */
  extra: ZProjectExtra,
  outOfCatalog: z.boolean(),
  hostNames: z.array(ZHostName).max(20),
  singleGameSettings: ZConsoleSingleGameSettings.nullable(),
  seoData: ZLocalized(ZConsoleSeoData),
  /** Addresses of the project's legal documents per language (footer, registration consent). */
  legalDocs: ZLocalized(ZLegalDocs),
  sortOrder: z.number().int().min(0).max(100_000),
};

/**
 * What the console reads back. Its fields are the plain record shapes, not the checks a save
 * passes: a value stored before a check existed still reads, so it can be seen and corrected.
 */
export const ZConsoleProject = z.object({
  name: z.string(),
  ...projectFields,
  extra: z.array(ZExtraItem),
  singleGameSettings: ZSingleGameSettings.nullable(),
  seoData: ZLocalized(ZSeoData.partial()),
  version: ZVersion,
  createdAt: z.string(),
});
export type TConsoleProject = z.infer<typeof ZConsoleProject>;

/** POST /api/staff/catalog/projects: a new project (and its empty game record). */
export const ZConsoleProjectCreate = z
  .object({
    name: ZProjectName.refine(
      (name) => !(RESERVED_PROJECT_NAMES as readonly string[]).includes(name.toLowerCase()),
      'this name is reserved by the portal',
    ),
    ...projectFields,
  })
  .partial()
  .required({ name: true });
export type TConsoleProjectCreate = z.infer<typeof ZConsoleProjectCreate>;

/** PATCH /api/staff/catalog/projects/{project}: the fields to change and the version they were loaded at. */
export const ZConsoleProjectUpdate = z.object(projectFields).partial().extend({ version: ZVersion });
export type TConsoleProjectUpdate = z.infer<typeof ZConsoleProjectUpdate>;

const gameFields = {
  webPage: ZConsoleWebPage.nullable(),
  localization: ZLocalized(ZGameLocalization),
  seoData: ZLocalized(ZConsoleSeoData),
  socialItems: z.array(ZConsoleSocialItem).max(20),
  sortOrder: z.number().int().min(0).max(100_000),
  archived: z.boolean(),
  /**
   * Origins the game's pages run on besides its address's own (a CDN, a second domain): they
   * join the origins allowed to frame the portal's screens and to exchange window messages.
   */
  extraOrigins: z.array(ZGameOrigin).max(20),
};

/** `extraOrigins` is left out only by servers older than it (read it as none). */
export const ZConsoleGame = z.object({
  project: z.string(),
  ...gameFields,
  // As stored (see ZConsoleProject).
  webPage: ZWebPage.nullable(),
  seoData: ZLocalized(ZSeoData.partial()),
  socialItems: z.array(ZSocialItem),
  extraOrigins: z.array(z.string()).optional(),
  version: ZVersion,
});
export type TConsoleGame = z.infer<typeof ZConsoleGame>;

/** PATCH /api/staff/catalog/projects/{project}/game */
export const ZConsoleGameUpdate = z.object(gameFields).partial().extend({ version: ZVersion });
export type TConsoleGameUpdate = z.infer<typeof ZConsoleGameUpdate>;

const ZPriceTitle = z.string().trim().max(200);

/**
 * An item's names as the console sends them: every language optional except English, which
 * stands in for the missing ones. An empty name is a missing one.
 */
export const ZConsolePriceTitles = z
  .partialRecord(z.enum(LANGUAGES), ZPriceTitle)
  .refine((titles) => (titles.en ?? '').length > 0, { message: 'the English name is required', path: ['en'] });
export type TConsolePriceTitles = z.infer<typeof ZConsolePriceTitles>;

const priceFields = {
  titles: ZConsolePriceTitles,
  /** Older clients name an item by these two; a sent one overrides titles.ru / titles.en. */
  ruTitle: z.string().trim().min(1).max(200),
  enTitle: z.string().trim().min(1).max(200),
  ruValue: ZPriceAmount,
  enValue: ZPriceAmount,
  logoName: z.string().trim().max(200),
  sortOrder: z.number().int().min(0).max(100_000),
  archived: z.boolean(),
};

/** A price as the console shows it: ruTitle and enTitle mirror titles.ru (else English) and titles.en. */
export const ZConsolePrice = z.object({ id: z.string(), project: z.string(), ...priceFields, version: ZVersion });
export type TConsolePrice = z.infer<typeof ZConsolePrice>;

/** An item's id: what game servers name when they create a payment. */
export const ZPriceId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'an item id is letters, digits, ".", "-" and "_"');

/** POST /api/staff/catalog/projects/{project}/prices */
export const ZConsolePriceCreate = z
  .object({ id: ZPriceId, ...priceFields })
  .partial({ titles: true, ruTitle: true, enTitle: true, logoName: true, sortOrder: true, archived: true })
  .refine((input) => input.titles !== undefined || input.enTitle !== undefined, {
    message: 'the English name is required',
    path: ['titles', 'en'],
  });
export type TConsolePriceCreate = z.infer<typeof ZConsolePriceCreate>;

/** PATCH /api/staff/catalog/prices/{priceId} */
export const ZConsolePriceUpdate = z.object(priceFields).partial().extend({ version: ZVersion });
export type TConsolePriceUpdate = z.infer<typeof ZConsolePriceUpdate>;

/** GET /api/staff/catalog/projects/{project}: everything the editor shows of one project. */
export const ZConsoleProjectDetail = z.object({
  project: ZConsoleProject,
  game: ZConsoleGame,
  prices: z.array(ZConsolePrice),
});
export type TConsoleProjectDetail = z.infer<typeof ZConsoleProjectDetail>;

/** 409 EDIT_CONFLICT: the record as it is now, to show beside the editor's copy. */
export const ZEditConflict = z.object({ code: z.literal('EDIT_CONFLICT'), message: z.string(), current: z.unknown() });

export const ZConsoleProjectParams = z.object({ project: ZProjectName });
export const ZConsolePriceParams = z.object({ priceId: ZPriceId });

/** One line of the staff audit log (GET /api/staff/audit, admin). */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.object({
  targetType: z.string().max(32).optional(),
  targetId: z.string().max(200).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** Where uploaded catalogue images are served: `${CATALOG_IMAGE_PATH}/{fileName}`. */
export const CATALOG_IMAGE_PATH = '/catalog-images' satisfies (typeof SERVER_PATH_PREFIXES)[number];
/** The largest catalogue image accepted. */
export const CATALOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What each catalogue image is for, and the smallest size that looks sharp where the portal
 * shows it (at twice the CSS size for high-density screens where that matters):
 * - cardLogo: the catalogue card's 16:9 logo box, up to ~710 CSS px wide in the one-column
 *   layout, the image letterboxed (object-fit: contain), so any shape fits;
 * - gameImage: the game page's 16:10 picture, up to ~940 CSS px wide, cropped to fill
 *   (object-fit: cover), so its shape must be close to 16:10;
 * - background: the game page's full-window background (background-size: cover);
 * - priceLogo: drawn at 48x48 CSS px on the prices page, stretched to a square;
 * - ogImage: the link preview of social networks, shown at 1.91:1;
 * - favicon, appleTouchIcon: square icons of the browser tab and the home screen;
 * - the art of a single-game site, all but its buttons cropped to fill (background-size: cover),
 *   so any shape fits:
 *   - singleGameBackground: behind the game on screens wider than 1024 CSS px;
 *   - singleGameBackgroundSmall: the same at 1024 CSS px and below, portrait or landscape;
 *   - singleGamePopup: the age check window, 560 CSS px wide and about 400 high;
 *   - singleGamePopupSmall: that window at 767 CSS px and below, narrower and taller;
 *   - singleGameButton: the age check button, 360x72 CSS px, stretched to it (5:1);
 *   - singleGameButtonSmall: that button at 767 CSS px and below, 260x56 CSS px, stretched.
 */
export const CATALOG_IMAGE_KINDS = [
  'cardLogo',
  'gameImage',
  'background',
  'priceLogo',
  'ogImage',
  'favicon',
  'appleTouchIcon',
  'singleGameBackground',
  'singleGameBackgroundSmall',
  'singleGamePopup',
  'singleGamePopupSmall',
  'singleGameButton',
  'singleGameButtonSmall',
] as const;
export type CatalogImageKind = (typeof CATALOG_IMAGE_KINDS)[number];

export type CatalogImageRule = {
  minWidth: number;
  minHeight: number;
  /** The shape width:height, and how far (a fraction of it) an image may be off it. */
  ratio?: { width: number; height: number; tolerance: number };
};

export const CATALOG_IMAGE_RULES: Record<CatalogImageKind, CatalogImageRule> = {
  cardLogo: { minWidth: 640, minHeight: 360 },
  gameImage: { minWidth: 960, minHeight: 600, ratio: { width: 16, height: 10, tolerance: 0.1 } },
  background: { minWidth: 1920, minHeight: 1080 },
  priceLogo: { minWidth: 96, minHeight: 96, ratio: { width: 1, height: 1, tolerance: 0.1 } },
  ogImage: { minWidth: 1200, minHeight: 630, ratio: { width: 1.91, height: 1, tolerance: 0.1 } },
  favicon: { minWidth: 48, minHeight: 48, ratio: { width: 1, height: 1, tolerance: 0.05 } },
  appleTouchIcon: { minWidth: 180, minHeight: 180, ratio: { width: 1, height: 1, tolerance: 0.05 } },
  singleGameBackground: { minWidth: 1920, minHeight: 1080 },
  singleGameBackgroundSmall: { minWidth: 1024, minHeight: 1024 },
  singleGamePopup: { minWidth: 1120, minHeight: 800 },
  singleGamePopupSmall: { minWidth: 720, minHeight: 900 },
  singleGameButton: { minWidth: 720, minHeight: 144, ratio: { width: 5, height: 1, tolerance: 0.1 } },
  singleGameButtonSmall: { minWidth: 520, minHeight: 112, ratio: { width: 4.64, height: 1, tolerance: 0.1 } },
};

/**
 * The largest catalogue image in pixels, whatever its kind: a side of at most 8192 px and at most
 * 40 megapixels. A small file can declare a huge size (a 2-gigapixel PNG header); every browser
 * that shows it would have to decode that much.
 */
export const CATALOG_IMAGE_MAX_SIDE = 8192;
export const CATALOG_IMAGE_MAX_PIXELS = 40_000_000;

/** Whether a picture of `width`x`height` is over the pixel cap of every catalogue image. */
export const isOverPixelCap = (width: number, height: number): boolean =>
  width > CATALOG_IMAGE_MAX_SIDE || height > CATALOG_IMAGE_MAX_SIDE || width * height > CATALOG_IMAGE_MAX_PIXELS;

/** Why an image of `width`x`height` does not fit its kind, or null when it does. */
export function catalogImageProblem(
  kind: CatalogImageKind,
  width: number,
  height: number,
): 'IMAGE_TOO_SMALL' | 'IMAGE_WRONG_SHAPE' | 'IMAGE_TOO_LARGE' | null {
  if (isOverPixelCap(width, height)) return 'IMAGE_TOO_LARGE';
  const rule = CATALOG_IMAGE_RULES[kind];
  if (width < rule.minWidth || height < rule.minHeight) return 'IMAGE_TOO_SMALL';
  if (rule.ratio) {
    const wanted = rule.ratio.width / rule.ratio.height;
    if (Math.abs(width / height / wanted - 1) > rule.ratio.tolerance) return 'IMAGE_WRONG_SHAPE';
  }
  return null;
}

/** POST /api/staff/catalog/images?kind=...: without a kind only the content type is checked. */
export const ZCatalogImageQuery = z.object({ kind: z.enum(CATALOG_IMAGE_KINDS).optional() });

/** POST /api/staff/catalog/images: the stored image; `url` goes into a game record, `fileName` into a price's logo. */
export const ZCatalogImage = z.object({
  fileName: z.string(),
  url: z.string(),
  size: z.number().int().positive(),
  mime: z.string(),
  /** Pixel size, when the upload named a kind (its size was checked). */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type TCatalogImage = z.infer<typeof ZCatalogImage>;
