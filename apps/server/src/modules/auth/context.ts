import type { FastifyRequest } from 'fastify';
import { ZProjectName } from '@portal/contracts/control';
import { HEADERS } from '@portal/contracts/http';
import { FALLBACK_LANGUAGE, isLanguage } from '@portal/contracts/languages';
import type { RequestContext } from './service.ts';

export const DEFAULT_PRODUCT_NAME = 'Game Portal';

/** Language (frontend-language header), project name (project header), IP and guest id. */
export function requestContext(request: FastifyRequest, altcha?: string): RequestContext {
  const language = request.headers[HEADERS.language];
  const project = ZProjectName.safeParse(request.headers[HEADERS.project]);
  return {
    ip: request.ip,
    altcha,
    language: typeof language === 'string' && isLanguage(language.toLowerCase()) ? (language.toLowerCase() as RequestContext['language']) : FALLBACK_LANGUAGE,
    projectName: project.success ? project.data : DEFAULT_PRODUCT_NAME,
    project: project.success ? project.data : undefined,
    tempUserId: request.tempUserId,
  };
}
