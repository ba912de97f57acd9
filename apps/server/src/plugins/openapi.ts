import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI built from the routes' zod schemas: JSON at /api/openapi.json, the interactive
 * reference at /api/docs. Only /api routes are listed; pages and files are not an API.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Game portal API',
          description: 'Portal data, accounts, payments and support of the game portal.',
          version: '1.0.0',
        },
        servers: [{ url: config.PUBLIC_URL }],
        tags: [
          { name: 'control', description: 'Portal data: catalogue, games, prices, project settings' },
          { name: 'system', description: 'Health and service information' },
        ],
      },
      transform: (document) => {
        const { url } = document;
        if (!url.startsWith('/api/') || url.startsWith(DOCS_PREFIX) || url === '/api/openapi.json') {
          return { schema: { hide: true }, url };
        }
        return jsonSchemaTransform(document);
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Serves its own CSP with hashes for the UI's inline bits instead of weakening ours.
      staticCSP: true,
      // On plain http (local runs) that upgrade would point the UI's requests at a port that is not there.
      transformStaticCSP: (header) =>
        config.publicOrigin.startsWith('https:') ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'openapi' },
);
