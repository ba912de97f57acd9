import {
  dataOf,
  ZGameRecord,
  ZInitialConfig,
  ZPriceItem,
  ZProjectName,
  ZSingleGameData,
  type TSignInSettings,
} from '@portal/contracts/control';
import { z } from 'zod';
import type { ProjectRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CachedJson } from '../../lib/cached-json.ts';
import type { CatalogCache } from './catalog-cache.ts';
import type { CatalogSnapshot } from './repository.ts';
import { toGameRecord, toInitialConfig, toPriceItem, toSingleGameData, type OfferedMethods } from './mappers.ts';

/** Response schemas; answers are checked against them once, when they are cached. */
export const ZGamesDataResponse = dataOf(z.array(ZGameRecord));
export const ZGameDataResponse = dataOf(ZGameRecord);
export const ZSingleGameDataResponse = dataOf(ZSingleGameData);
export const ZPricesResponse = dataOf(z.array(ZPriceItem));
export const ZInitialConfigResponse = dataOf(ZInitialConfig);

export type ControlServiceDeps = {
  cache: CatalogCache;
  /**
   * The initial config's `allowedOrigins`: PUBLIC_URL's origin, ALLOWED_GAME_ORIGINS and the
   * catalogue's games (`GameOrigins.withPortal`), or a fixed list.
   */
  allowedOrigins: readonly string[] | ((snapshot: CatalogSnapshot) => readonly string[]);
  defaultProject: string;
  /** Sign-in and payment methods this deployment serves; a project's lists are cut to them. */
  offered?: OfferedMethods;
  /** The public settings of the sign-ins that run on the provider's script in the page. */
  signIn?: TSignInSettings;
};

export type InitialConfigInput = {
  project?: string;
  /** The `project` request header; ignored when it names no project (stale game builds). */
  headerProject?: string;
  hostname: string;
};

const serialize = <T extends z.ZodType>(schema: T, value: z.input<T>): string => JSON.stringify(schema.parse(value));

const findProject = (snapshot: CatalogSnapshot, name: string): ProjectRow | undefined =>
  snapshot.projects.find((project) => project.name === name);

const notSingle = (projectName: string): never => {
  throw new AppError('GAME_NOT_FOUND', 404, `Project "${projectName}" has no single-game page`);
};

/** Archived games are off the catalogue and their pages; their payments and tickets stay. */
const isArchived = (snapshot: CatalogSnapshot, name: string): boolean => snapshot.games.get(name)?.archived === true;

const catalogue = (snapshot: CatalogSnapshot) =>
  snapshot.projects.filter((project) => !project.outOfCatalog && !isArchived(snapshot, project.name));

export function createControlService({ cache, allowedOrigins, defaultProject, offered, signIn }: ControlServiceDeps) {
  async function requireProject(name: string, code: 'PROJECT_NOT_FOUND' | 'GAME_NOT_FOUND') {
    const project = findProject(await cache.snapshot(), name);
    if (!project) {
      throw new AppError(code, 404, code === 'GAME_NOT_FOUND' ? `Game "${name}" not found` : `Project "${name}" not found`);
    }
    return project;
  }

  async function resolveProject(input: InitialConfigInput): Promise<ProjectRow> {
    const snapshot = await cache.snapshot();
    if (input.project !== undefined) return requireProject(input.project, 'PROJECT_NOT_FOUND');
    const fromHeader = input.headerProject && findProject(snapshot, input.headerProject.trim());
    if (fromHeader) return fromHeader;
    const host = input.hostname.toLowerCase();
    const byHost = snapshot.projects.find((project) => project.hostNames.includes(host));
    if (byHost) return byHost;
    return requireProject(defaultProject, 'PROJECT_NOT_FOUND');
  }

  return {
    gamesData(): Promise<CachedJson> {
      return cache.answer('games', (snapshot) =>
        serialize(ZGamesDataResponse, {
          data: catalogue(snapshot).map((project) => toGameRecord(project, snapshot.games.get(project.name))),
        }),
      );
    },

    async gameData(projectName: string): Promise<CachedJson> {
      await requireProject(projectName, 'GAME_NOT_FOUND');
      return cache.answer(`game:${projectName}`, (snapshot) => {
        const project = findProject(snapshot, projectName);
        if (!project || isArchived(snapshot, projectName)) throw new AppError('GAME_NOT_FOUND', 404, `Game "${projectName}" not found`);
        return serialize(ZGameDataResponse, { data: toGameRecord(project, snapshot.games.get(projectName)) });
      });
    },

    async singleGameData(projectName: string): Promise<CachedJson> {
      const project = await requireProject(projectName, 'GAME_NOT_FOUND');
      if (!project.singleGameSettings) notSingle(projectName);
      // Built from the snapshot the answer belongs to, never from an older row.
      return cache.answer(`single:${projectName}`, (snapshot) =>
        serialize(ZSingleGameDataResponse, {
          data: toSingleGameData(findProject(snapshot, projectName) ?? project) ?? notSingle(projectName),
        }),
      );
    },

    async prices(projectName: string): Promise<CachedJson> {
      await requireProject(projectName, 'PROJECT_NOT_FOUND');
      return cache.answer(`prices:${projectName}`, (snapshot) =>
        serialize(ZPricesResponse, { data: (snapshot.prices.get(projectName) ?? []).filter((price) => !price.archived).map(toPriceItem) }),
      );
    },

    async initialConfig(input: InitialConfigInput): Promise<CachedJson> {
      const project = await resolveProject(input);
      return cache.answer(`config:${project.name}`, (snapshot) =>
        serialize(ZInitialConfigResponse, {
          data: toInitialConfig(
            findProject(snapshot, project.name) ?? project,
            catalogue(snapshot).map((item) => item.name),
            typeof allowedOrigins === 'function' ? [...allowedOrigins(snapshot)] : [...allowedOrigins],
            offered,
            signIn,
          ),
        }),
      );
    },
  };
}

export type ControlService = ReturnType<typeof createControlService>;

/** The header is free text from any client: only a well-formed name is looked up. */
export function headerProjectName(value: string | string[] | undefined): string | undefined {
  const parsed = ZProjectName.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : undefined;
}
