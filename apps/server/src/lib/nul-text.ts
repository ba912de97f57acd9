import type { FastifySchemaCompiler } from 'fastify';

/** Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (which jsonb refuses as an escape). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Where `value` holds text PostgreSQL cannot store (in a string or an object key): a NUL
 * character or an unpaired surrogate, as a JSON pointer ("/title", "/items/0"), else undefined.
 * Such input can only fail later, as a 500; it is refused up front instead.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  // A loop, not recursion: a parsed body may nest thousands of levels deep. Paths are
  // linked lists, written out only for the field that is refused.
  type At = { key: string; parent: At | undefined } | undefined;
  const pointer = (at: At): string => {
    const keys: string[] = [];
    for (let node = at; node; node = node.parent) keys.push(node.key.replaceAll('~', '~0').replaceAll('/', '~1'));
    return keys.length ? `/${keys.reverse().join('/')}` : '/';
  };
  const pending: Array<[unknown, At]> = [[value, undefined]];
  while (pending.length > 0) {
    const [item, at] = pending.pop() as [unknown, At];
    if (typeof item === 'string') {
      if (unstorable(item)) return pointer(at);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item).reverse()) {
        const childAt = { key, parent: at };
        if (unstorable(key)) return pointer(childAt);
        pending.push([child, childAt]);
      }
    }
  }
  return undefined;
}

export const NUL_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

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
