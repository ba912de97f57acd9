/** Header names every product call carries (spec section 7). */
export const HEADERS = {
  language: 'frontend-language',
  session: 'session',
  source: 'source',
  locale: 'locale',
  project: 'project',
  authorization: 'authorization',
  tempUserId: 'temp-user-id',
} as const;
