import { describe, expect, it } from 'vitest';
import { demoGames, demoProjects } from '../../db/seed-data/catalog.ts';
import type { GameRow, ProjectRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createCatalogCache } from './catalog-cache.ts';
import type { ControlRepository } from './repository.ts';
import { createControlService } from './service.ts';

// The service over the demo catalogue, without HTTP or a database.
const rows = demoProjects.map((project, index): ProjectRow => ({
  authType: 'postMessage',
  authMethods: [],
  paymentsMethods: [],
  extra: [],
  outOfCatalog: false,
  hostNames: [],
  singleGameSettings: null,
  seoData: {},
  legalDocs: {},
  sortOrder: index,
  createdAt: new Date(0),
  ...project,
  version: 1,
}));
const repository: ControlRepository = {
  loadSnapshot: async () => ({
    projects: rows,
    games: new Map(demoGames.map((game) => [game.project, game as GameRow])),
    prices: new Map(),
  }),
  findPrice: async () => undefined,
};
const service = createControlService({
  cache: createCatalogCache(repository),
  allowedOrigins: ['http://localhost:8080'],
  defaultProject: 'familytown',
});

const configFor = async (input: Parameters<typeof service.initialConfig>[0]) =>
  JSON.parse((await service.initialConfig(input)).body.toString()).data;

describe('control service', () => {
  it('resolves the project: query, header, host name, default', async () => {
    expect((await configFor({ project: 'neuroarena', headerProject: 'islandm3', hostname: 'x' })).projects.name).toBe('neuroarena');
    expect((await configFor({ headerProject: 'islandm3', hostname: 'afterdark.localhost' })).projects.name).toBe('islandm3');
    expect((await configFor({ hostname: 'AfterDark.localhost' })).projects.name).toBe('afterdark');
    expect((await configFor({ hostname: 'portal.example.com' })).projects.name).toBe('familytown');
  });

  it('carries the provider-script sign-in settings when there are any, and no signIn field otherwise', async () => {
    expect(await configFor({ hostname: 'x' })).not.toHaveProperty('signIn');
    const signIn = { telegram: { botId: '7000001', scriptUrl: 'https://telegram.org/js/telegram-widget.js?22' } };
    const keyed = createControlService({ cache: createCatalogCache(repository), allowedOrigins: [], defaultProject: 'familytown', signIn });
    expect(JSON.parse((await keyed.initialConfig({ hostname: 'x' })).body.toString()).data.signIn).toEqual(signIn);
  });

  it('fails with PROJECT_NOT_FOUND for an unknown project in the query', async () => {
    const failure = service.initialConfig({ project: 'nope', hostname: 'localhost' });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND', statusCode: 404 });
  });

  it('offers an empty price list for a known project without prices', async () => {
    expect(JSON.parse((await service.prices('islandm3')).body.toString())).toEqual({ data: [] });
  });
});
