import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/shared/api/query-client';
import { setPlayerUnauthorizedReaction } from '@/shared/api/client';
import { setHostOriginsLoader } from '@/shared/auth/host-message';

// A host result that waits for the allowed origins fetches the initial config, which sets them.
setHostOriginsLoader(() => import('@/shared/api/get-initial-config').then(({ getInitialConfig }) => getInitialConfig()));

/** The player's 401 reaction, by the host's source; loaded on the first 401 only: no page pays for it up front. */
export const reactToPlayerUnauthorized = (source: string | null | undefined): void => {
  void import('@/shared/auth/unauthorized').then(({ authMode, reactToUnauthorized }) => reactToUnauthorized(authMode(source)));
};
setPlayerUnauthorizedReaction(reactToPlayerUnauthorized);

/** Providers that live outside the router (the router-aware ones sit in RootLayout). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
