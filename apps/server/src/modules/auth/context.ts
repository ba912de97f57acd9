import type { FastifyRequest } from 'fastify';
import { ZProjectName } from '@portal/contracts/control';
import { HEADERS } from '@portal/contracts/http';
import { FALLBACK_LANGUAGE, isLanguage } from '@portal/contracts/languages';
import type { RequestContext } from './service.ts';

/**
 * Language (frontend-language header), project (the `project` header when it is a well-formed
 * name; the service only ever shows a catalogue project's own name), IP and guest id.
 */
export function requestContext(request: FastifyRequest, altcha?: string): RequestContext {
  const language = request.headers[HEADERS.language];
  const project = ZProjectName.safeParse(request.headers[HEADERS.project]);
  return {
    ip: request.ip,
    altcha,
    language:
      typeof language === 'string' && isLanguage(language.toLowerCase())
        ? (language.toLowerCase() as RequestContext['language'])
        : FALLBACK_LANGUAGE,
    project: project.success ? project.data : undefined,
    tempUserId: request.tempUserId,
  };
}
