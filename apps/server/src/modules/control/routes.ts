import { ZGameQuery, ZInitialConfigQuery, ZPricesQuery } from '@portal/contracts/control';
import { HEADERS } from '@portal/contracts/http';
import { ZApiError } from '@portal/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../../lib/cached-json.ts';
import {
  headerProjectName,
  ZGameDataResponse,
  ZGamesDataResponse,
  ZInitialConfigResponse,
  ZPricesResponse,
  ZSingleGameDataResponse,
  type ControlService,
} from './service.ts';

export type ControlRoutesOptions = { service: ControlService };

const tags = ['control'];
const errors = { 400: ZApiError, 404: ZApiError };

/**
 * Portal data calls, mounted under /api. Answers are pre-serialized and
 * validated when cached (see CatalogCache), so the handlers only pick bytes to send;
 * `compress: false` because those bytes carry their own precompressed variants.
 */
export const controlRoutes: FastifyPluginAsyncZod<ControlRoutesOptions> = async (app, { service }) => {
  app.get(
    '/control/get-games-data',
    {
      compress: false,
      schema: { tags, summary: 'Catalogue games', response: { 200: ZGamesDataResponse } },
    },
    async (request, reply) => sendCachedJson(request, reply, await service.gamesData()),
  );

  app.get(
    '/control/get-game-data',
    {
      compress: false,
      schema: { tags, summary: 'One game record', querystring: ZGameQuery, response: { 200: ZGameDataResponse, ...errors } },
    },
    async (request, reply) => sendCachedJson(request, reply, await service.gameData(request.query.projectName)),
  );

  app.get(
    '/control/get-single-game-data',
    {
      compress: false,
      schema: {
        tags,
        summary: 'Settings of an out-of-catalogue single game',
        querystring: ZGameQuery,
        response: { 200: ZSingleGameDataResponse, ...errors },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await service.singleGameData(request.query.projectName)),
  );

  app.get(
    '/control/get-prices',
    {
      compress: false,
      schema: { tags, summary: 'Price list of a project', querystring: ZPricesQuery, response: { 200: ZPricesResponse, ...errors } },
    },
    async (request, reply) => sendCachedJson(request, reply, await service.prices(request.query.project)),
  );

  app.get(
    '/control/get-initial-config',
    {
      compress: false,
      schema: {
        tags,
        summary: 'Project settings for this page',
        description:
          'The project comes from ?project=, else the `project` header, else the host name (projects.hostNames), else DEFAULT_PROJECT.',
        querystring: ZInitialConfigQuery,
        response: { 200: ZInitialConfigResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        request,
        reply,
        await service.initialConfig({
          project: request.query.project,
          headerProject: headerProjectName(request.headers[HEADERS.project]),
          hostname: request.hostname,
        }),
        HEADERS.project,
      ),
  );
};
