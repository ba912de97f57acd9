import { asc, eq, ne } from 'drizzle-orm';
import { normalizeOrigin, originProblem } from '@portal/contracts/catalog-console';
import type {
  TConsoleGame,
  TConsoleGameUpdate,
  TConsolePrice,
  TConsolePriceCreate,
  TConsolePriceUpdate,
  TConsoleProject,
  TConsoleProjectCreate,
  TConsoleProjectDetail,
  TConsoleProjectUpdate,
} from '@portal/contracts/catalog-console';
import type { Db } from '../../db/client.ts';
import { priceTitleIn } from '@portal/contracts/control';
import { LANGUAGES } from '@portal/contracts/languages';
import { games, prices, projects, type GameRow, type PriceRow, type PriceTitles, type ProjectRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type DbOrTx } from '../../lib/audit.ts';
import type { CatalogCache } from './catalog-cache.ts';

/** Rows as the console shows and edits them. */
export function toConsoleProject(row: ProjectRow): TConsoleProject {
  return {
    name: row.name,
    authType: row.authType,
    authMethods: row.authMethods,
    paymentsMethods: row.paymentsMethods,
    extra: row.extra,
    outOfCatalog: row.outOfCatalog,
    hostNames: row.hostNames,
    singleGameSettings: row.singleGameSettings,
    seoData: row.seoData,
    legalDocs: row.legalDocs,
    sortOrder: row.sortOrder,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toConsoleGame(row: GameRow): TConsoleGame {
  return {
    project: row.project,
    webPage: row.webPage,
    localization: row.localization,
    seoData: row.seoData,
    socialItems: row.socialItems,
    sortOrder: row.sortOrder,
    archived: row.archived,
    extraOrigins: row.extraOrigins,
    version: row.version,
  };
}

export function toConsolePrice(row: PriceRow): TConsolePrice {
  return {
    id: row.id,
    project: row.project,
    titles: row.titles,
    ruTitle: priceTitleIn(row.titles, 'ru'),
    enTitle: priceTitleIn(row.titles, 'en'),
    ruValue: Number(row.ruValue),
    enValue: Number(row.enValue),
    logoName: row.logoName,
    sortOrder: row.sortOrder,
    archived: row.archived,
    version: row.version,
  };
}

/**
 * The names to store: `titles` (else what the item had), with the older clients' ruTitle and
 * enTitle over them; trimmed, an empty one dropped. Without an English name it is a 400.
 */
export function priceTitlesOf(base: PriceTitles, input: { titles?: PriceTitles; ruTitle?: string; enTitle?: string }): PriceTitles {
  const merged: PriceTitles = { ...(input.titles ?? base) };
  if (input.ruTitle !== undefined) merged.ru = input.ruTitle;
  if (input.enTitle !== undefined) merged.en = input.enTitle;
  const titles: PriceTitles = {};
  for (const language of LANGUAGES) {
    const title = merged[language]?.trim();
    if (title) titles[language] = title;
  }
  if (!titles.en) throw new AppError('VALIDATION_ERROR', 400, 'body.titles.en: the English name is required');
  return titles;
}

const conflict = (current: unknown): never => {
  throw new AppError('EDIT_CONFLICT', 409, 'Someone saved this since you opened it: review their version and save again', {
    details: { current },
  });
};

const projectMissing = (name: string): never => {
  throw new AppError('PROJECT_NOT_FOUND', 404, `Project "${name}" not found`);
};

/** Drops the keys a partial update left out, so `set()` only writes what was sent. */
function sent<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The extra origins to store: each an exact origin (the contract checked its form), https only
 * when `httpsOnly`, written the way browsers send them, without repeats. A bad one is a 400
 * naming its entry.
 */
export function extraOriginsOf(values: readonly string[], httpsOnly: boolean): string[] {
  const origins: string[] = [];
  values.forEach((value, index) => {
    const problem =
      originProblem(value) ?? (httpsOnly && !value.trim().toLowerCase().startsWith('https:') ? 'an origin starts with https://' : null);
    if (problem) throw new AppError('VALIDATION_ERROR', 400, `body.extraOrigins.${index}: ${problem} ("${value}")`);
    origins.push(normalizeOrigin(value));
  });
  return [...new Set(origins)];
}

/**
 * Production frames no plain-http game: a game address (the game's or a single-game site's)
 * must be https there, or a path on the portal. The contract checked the rest of its form.
 */
export function assertGameAddress(value: string, field: string, httpsOnly: boolean): void {
  if (httpsOnly && /^http:/i.test(value)) throw new AppError('VALIDATION_ERROR', 400, `${field}: a game address starts with https://`);
}

export type CatalogEditorDeps = {
  db: Db;
  cache: CatalogCache;
  /** Production: a game's extra origins must be https. */
  httpsOnly?: boolean;
};

/**
 * The console's writes to the catalogue. Each change runs in one transaction with its audit
 * line, checks the version the editor loaded (a stale save is a conflict, never a silent
 * overwrite), and then tells every process to drop its cached catalogue.
 */
export function createCatalogEditor({ db, cache, httpsOnly = false }: CatalogEditorDeps) {
  async function hostNamesFree(tx: DbOrTx, project: string, hostNames: string[]): Promise<void> {
    if (hostNames.length === 0) return;
    const others = await tx.select({ name: projects.name, hostNames: projects.hostNames }).from(projects).where(ne(projects.name, project));
    for (const other of others) {
      const taken = hostNames.find((host) => other.hostNames.includes(host));
      if (taken) throw new AppError('HOST_NAME_TAKEN', 409, `The host name ${taken} already shows the project "${other.name}"`);
    }
  }

  async function changed<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    cache.invalidate();
    return result;
  }

  async function lockedProject(tx: DbOrTx, name: string): Promise<ProjectRow> {
    const [row] = await tx.select().from(projects).where(eq(projects.name, name)).for('update');
    return row ?? projectMissing(name);
  }

  async function lockedGame(tx: DbOrTx, project: string): Promise<GameRow> {
    await lockedProject(tx, project);
    const [row] = await tx.select().from(games).where(eq(games.project, project)).for('update');
    if (row) return row;
    // A project made without a game record gets its empty one on first edit.
    const [created] = await tx.insert(games).values({ project }).returning();
    return created!;
  }

  return {
    async listProjects(): Promise<TConsoleProject[]> {
      const rows = await db.select().from(projects).orderBy(asc(projects.sortOrder), asc(projects.name));
      return rows.map(toConsoleProject);
    },

    async projectDetail(name: string): Promise<TConsoleProjectDetail> {
      const [project] = await db.select().from(projects).where(eq(projects.name, name));
      if (!project) return projectMissing(name);
      const [game] = await db.select().from(games).where(eq(games.project, name));
      const priceRows = await db.select().from(prices).where(eq(prices.project, name)).orderBy(asc(prices.sortOrder), asc(prices.id));
      return {
        project: toConsoleProject(project),
        game: game
          ? toConsoleGame(game)
          : {
              project: name,
              webPage: null,
              localization: {},
              seoData: {},
              socialItems: [],
              sortOrder: 0,
              archived: false,
              extraOrigins: [],
              version: 1,
            },
        prices: priceRows.map(toConsolePrice),
      };
    },

    createProject(staffId: string, input: TConsoleProjectCreate): Promise<TConsoleProject> {
      if (input.singleGameSettings) assertGameAddress(input.singleGameSettings.iframeSrc, 'body.singleGameSettings.iframeSrc', httpsOnly);
      return changed(async (tx) => {
        const [existing] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.name, input.name));
        if (existing) throw new AppError('PROJECT_EXISTS', 409, `A project named "${input.name}" exists`);
        await hostNamesFree(tx, input.name, input.hostNames ?? []);
        const [row] = await tx
          .insert(projects)
          .values({ ...sent(input), name: input.name })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('PROJECT_EXISTS', 409, `A project named "${input.name}" exists`);
        await tx.insert(games).values({ project: row.name, sortOrder: row.sortOrder }).onConflictDoNothing();
        const created = toConsoleProject(row);
        await recordAudit(tx, {
          staffId,
          action: 'project.create',
          targetType: 'project',
          targetId: row.name,
          before: null,
          after: created,
        });
        return created;
      });
    },

    updateProject(staffId: string, name: string, { version, ...patch }: TConsoleProjectUpdate): Promise<TConsoleProject> {
      if (patch.singleGameSettings) assertGameAddress(patch.singleGameSettings.iframeSrc, 'body.singleGameSettings.iframeSrc', httpsOnly);
      return changed(async (tx) => {
        const row = await lockedProject(tx, name);
        const before = toConsoleProject(row);
        if (row.version !== version) conflict(before);
        if (patch.hostNames) await hostNamesFree(tx, name, patch.hostNames);
        const [next] = await tx
          .update(projects)
          .set({ ...sent(patch), version: row.version + 1 })
          .where(eq(projects.name, name))
          .returning();
        const after = toConsoleProject(next!);
        await recordAudit(tx, { staffId, action: 'project.update', targetType: 'project', targetId: name, before, after });
        return after;
      });
    },

    updateGame(staffId: string, project: string, { version, extraOrigins, ...rest }: TConsoleGameUpdate): Promise<TConsoleGame> {
      // Checked before the transaction: a refused origin or address saves nothing.
      if (rest.webPage) assertGameAddress(rest.webPage.iframeUrl, 'body.webPage.iframeUrl', httpsOnly);
      const patch = extraOrigins === undefined ? rest : { ...rest, extraOrigins: extraOriginsOf(extraOrigins, httpsOnly) };
      return changed(async (tx) => {
        const row = await lockedGame(tx, project);
        const before = toConsoleGame(row);
        if (row.version !== version) conflict(before);
        const [next] = await tx
          .update(games)
          .set({ ...sent(patch), version: row.version + 1 })
          .where(eq(games.project, project))
          .returning();
        const after = toConsoleGame(next!);
        const action = patch.archived === true && !row.archived ? 'game.archive' : 'game.update';
        await recordAudit(tx, { staffId, action, targetType: 'game', targetId: project, before, after });
        return after;
      });
    },

    createPrice(staffId: string, project: string, input: TConsolePriceCreate): Promise<TConsolePrice> {
      return changed(async (tx) => {
        await lockedProject(tx, project);
        const { titles, ruTitle, enTitle, ...fields } = input;
        const [row] = await tx
          .insert(prices)
          .values({ ...fields, titles: priceTitlesOf({}, { titles, ruTitle, enTitle }), logoName: input.logoName ?? '', project })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('CONFLICT', 409, `An item with the id "${input.id}" exists`);
        const created = toConsolePrice(row);
        await recordAudit(tx, { staffId, action: 'price.create', targetType: 'price', targetId: row.id, before: null, after: created });
        return created;
      });
    },

    updatePrice(
      staffId: string,
      priceId: string,
      { version, titles, ruTitle, enTitle, ...patch }: TConsolePriceUpdate,
    ): Promise<TConsolePrice> {
      return changed(async (tx) => {
        const [row] = await tx.select().from(prices).where(eq(prices.id, priceId)).for('update');
        if (!row) throw new AppError('PRICE_NOT_FOUND', 404, `Item "${priceId}" not found`);
        const before = toConsolePrice(row);
        if (row.version !== version) conflict(before);
        const [next] = await tx
          .update(prices)
          .set({ ...sent(patch), titles: priceTitlesOf(row.titles, { titles, ruTitle, enTitle }), version: row.version + 1 })
          .where(eq(prices.id, priceId))
          .returning();
        const after = toConsolePrice(next!);
        const action = patch.archived === true && !row.archived ? 'price.archive' : 'price.update';
        await recordAudit(tx, { staffId, action, targetType: 'price', targetId: priceId, before, after });
        return after;
      });
    },
  };
}

export type CatalogEditor = ReturnType<typeof createCatalogEditor>;
