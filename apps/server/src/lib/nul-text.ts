import type { FastifySchemaCompiler } from 'fastify';

/**
 * Where `value` holds a NUL character (in a string or an object key), as a JSON pointer
 * ("/title", "/items/0"), else undefined. PostgreSQL stores no NUL in text or jsonb, so such
 * input can only fail later, as a 500; it is refused up front instead.
 */
export function nulCharacterPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '/' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key.includes('\u0000')) return at;
    const found = nulCharacterPath(item, at);
    if (found) return found;
  }
  return undefined;
}

export const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * Wraps the routes' validator: a body, query, params or headers with a NUL character is a
 * 400 VALIDATION_ERROR naming the field, before the route's own schema runs.
 */
export function refusingNulCharacters<T>(compiler: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compiler(route);
    return (data) => {
      const path = nulCharacterPath(data);
      if (path === undefined) return validate(data);
      return {
        error: [{ keyword: 'nul', instancePath: path === '/' ? '' : path, schemaPath: '', params: {}, message: NUL_MESSAGE }],
      };
    };
  };
}
