import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInitialConfig } from '@portal/contracts/control';
import { apiGet } from './client';
import { setHostOrigins } from '../auth/host-message';
import { api } from '../paths';
import { STORAGE_KEYS } from '../storage-keys';
import { storage } from '../storage';
import { controlKeys } from './query-keys';

/**
 * The project settings, shared by the portal, prices and the embedded screens. Without a
 * project the server picks one by host name.
 */
export const getInitialConfig = async (project?: string, signal?: AbortSignal) => {
  const config = await apiGet<TInitialConfig>(api.initialConfig(project), signal);
  // The embedded screens post results only to these origins (shared/auth/host-message).
  setHostOrigins(config.allowedOrigins);
  return config;
};

export const initialConfigQueryOptions = (project?: string) =>
  queryOptions({
    queryKey: controlKeys.initialConfig(project ?? null),
    queryFn: ({ signal }) => getInitialConfig(project, signal),
    staleTime: 5 * 60_000,
    // With a pending session the auth screens handle the failure.
    meta: { errorToast: 'GET_INITIAL_CONFIG_ERROR', toastWhen: () => !storage.get(STORAGE_KEYS.session) },
  });

export const useInitialConfig = (project?: string) => useQuery(initialConfigQueryOptions(project));

/** A numeric `extra` value of the project settings (e.g. failedAttemptLimit). */
export function extraValue(config: TInitialConfig | undefined, id: string): string | number | boolean | undefined {
  return config?.projects.extra.find((item) => item.id === id)?.value;
}
