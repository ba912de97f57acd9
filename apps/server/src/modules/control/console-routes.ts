import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleGame,
  ZConsoleGameUpdate,
  ZConsolePrice,
  ZConsolePriceCreate,
  ZConsolePriceParams,
  ZConsolePriceUpdate,
  ZConsoleProject,
  ZConsoleProjectCreate,
  ZConsoleProjectDetail,
  ZConsoleProjectParams,
  ZConsoleProjectUpdate,
  ZEditConflict,
} from '@portal/contracts/catalog-console';
import { ZApiError } from '@portal/contracts/errors';
import type { StaffAuth } from '../../lib/staff-auth.ts';
import type { CatalogEditor } from './editor.ts';

export type CatalogConsoleRoutesOptions = { editor: CatalogEditor; auth: StaffAuth };

const tags = ['staff catalogue'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const saveErrors = { ...errors, 409: z.union([ZEditConflict, ZApiError]) };

/**
 * The publisher console's catalogue: projects, their game record and price list, edited live.
 * Catalogue editors and admins only; every save names the version it edits.
 */
export const catalogConsoleRoutes: FastifyPluginAsyncZod<CatalogConsoleRoutesOptions> = async (app, { editor, auth }) => {
  const editors = auth.requireStaff('catalog');

  app.get(
    '/staff/catalog/projects',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Every project, catalogue order',
        response: { 200: z.object({ data: z.array(ZConsoleProject) }), ...errors },
      },
    },
    async () => ({ data: await editor.listProjects() }),
  );

  app.post(
    '/staff/catalog/projects',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'A new project with an empty game record; 409 PROJECT_EXISTS or HOST_NAME_TAKEN',
        body: ZConsoleProjectCreate,
        response: { 201: z.object({ data: ZConsoleProject }), ...saveErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await editor.createProject(auth.staffId(request), request.body) }),
  );

  app.get(
    '/staff/catalog/projects/:project',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'A project with its game record and every price (archived ones too)',
        params: ZConsoleProjectParams,
        response: { 200: z.object({ data: ZConsoleProjectDetail }), ...errors },
      },
    },
    async (request) => ({ data: await editor.projectDetail(request.params.project) }),
  );

  app.patch(
    '/staff/catalog/projects/:project',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: "Change a project's settings; 409 EDIT_CONFLICT (with the current record) when `version` is stale",
        params: ZConsoleProjectParams,
        body: ZConsoleProjectUpdate,
        response: { 200: z.object({ data: ZConsoleProject }), ...saveErrors },
      },
    },
    async (request) => ({ data: await editor.updateProject(auth.staffId(request), request.params.project, request.body) }),
  );

  app.patch(
    '/staff/catalog/projects/:project/game',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: "Change a project's game record (texts, images, address, order, archived); 409 EDIT_CONFLICT when stale",
        params: ZConsoleProjectParams,
        body: ZConsoleGameUpdate,
        response: { 200: z.object({ data: ZConsoleGame }), ...saveErrors },
      },
    },
    async (request) => ({ data: await editor.updateGame(auth.staffId(request), request.params.project, request.body) }),
  );

  app.post(
    '/staff/catalog/projects/:project/prices',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: "A new item in the project's price list",
        params: ZConsoleProjectParams,
        body: ZConsolePriceCreate,
        response: { 201: z.object({ data: ZConsolePrice }), ...saveErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await editor.createPrice(auth.staffId(request), request.params.project, request.body) }),
  );

  app.patch(
    '/staff/catalog/prices/:priceId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Change or archive an item; payments already made keep their amounts',
        params: ZConsolePriceParams,
        body: ZConsolePriceUpdate,
        response: { 200: z.object({ data: ZConsolePrice }), ...saveErrors },
      },
    },
    async (request) => ({ data: await editor.updatePrice(auth.staffId(request), request.params.priceId, request.body) }),
  );
};
