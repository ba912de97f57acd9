import {
  DEFAULT_AUTH_METHODS,
  priceTitleIn,
  type AuthMethod,
  type PaymentProvider,
  type TGameRecord,
  type TInitialConfig,
  type TPriceItem,
  type TSignInSettings,
  type TSingleGameData,
} from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';
import type { GameRow, LocalizedSeo, PriceRow, ProjectRow } from '../../db/schema.ts';

/** Rows to the wire shapes of contracts/control. */

/**
 * The page metadata a game page serves: the project's (what the console edits) in each language
 * it has, the game record's own (imported with it) in the others.
 */
function pageSeo(project: ProjectRow, game: GameRow | undefined): LocalizedSeo {
  const result: LocalizedSeo = { ...game?.seoData };
  for (const [lng, seo] of Object.entries(project.seoData) as [Language, LocalizedSeo[Language]][]) {
    if (seo && Object.keys(seo).length > 0) result[lng] = seo;
  }
  return result;
}

export function toGameRecord(project: ProjectRow, game: GameRow | undefined): TGameRecord {
  return {
    project: project.name,
    mainData: { projectName: project.name, outOfCatalog: project.outOfCatalog },
    web_page: game?.webPage ?? null,
    localization: game?.localization ?? {},
    seoData: pageSeo(project, game),
    social: { items: game?.socialItems ?? [] },
  };
}

export function toSingleGameData(project: ProjectRow): TSingleGameData | null {
  if (!project.singleGameSettings) return null;
  return { settings: project.singleGameSettings, seoData: project.seoData };
}

export function toPriceItem(price: PriceRow): TPriceItem {
  return {
    id: price.id,
    ruTitle: priceTitleIn(price.titles, 'ru'),
    ruValue: Number(price.ruValue),
    enTitle: priceTitleIn(price.titles, 'en'),
    enValue: Number(price.enValue),
    logoName: price.logoName,
    titles: price.titles,
  };
}

/** The methods this deployment can serve (production: only providers with keys). */
export interface OfferedMethods {
  auth: readonly AuthMethod[];
  payments: readonly PaymentProvider[];
}

export function toInitialConfig(
  project: ProjectRow,
  knownProjects: string[],
  allowedOrigins: string[],
  offered?: OfferedMethods,
  signIn?: TSignInSettings,
): TInitialConfig {
  // An unconfigured project offers the default list (DEFAULT_AUTH_METHODS) instead of nothing.
  const authMethods = project.authMethods.length > 0 ? project.authMethods : [...DEFAULT_AUTH_METHODS];
  return {
    projects: {
      name: project.name,
      authType: project.authType,
      authMethods: offered ? authMethods.filter((method) => offered.auth.includes(method)) : authMethods,
      paymentsMethods: offered ? project.paymentsMethods.filter((method) => offered.payments.includes(method)) : project.paymentsMethods,
      extra: project.extra,
      ...(Object.keys(project.legalDocs).length > 0 && { legalDocs: project.legalDocs }),
    },
    mainData: { projectName: project.name, outOfCatalog: project.outOfCatalog },
    knownProjects,
    allowedOrigins,
    ...(signIn && Object.keys(signIn).length > 0 && { signIn }),
  };
}
