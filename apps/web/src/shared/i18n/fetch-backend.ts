import type { BackendModule, ReadCallback } from 'i18next';

/**
 * The translations' loader: `loadPath` with `{{lng}}` and `{{ns}}` filled, read with fetch.
 * A network failure or a 5xx asks i18next to try again (its rule: 5 retries from 350 ms,
 * doubling); a 4xx or a body that is not JSON is final.
 */
export function fetchBackend(loadPath: string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
      fetch(url, { credentials: 'same-origin' }).then(
        async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500 || response.status === 408);
            return;
          }
          try {
            callback(null, (await response.json()) as Record<string, unknown>);
          } catch {
            callback(`failed parsing ${url} to json`, false);
          }
        },
        (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true),
      );
    },
  };
}
