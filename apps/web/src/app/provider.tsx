import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/shared/api/query-client';
import { setHostOriginsLoader } from '@/shared/auth/host-message';

// A host result that waits for the allowed origins fetches the initial config, which sets them.
setHostOriginsLoader(() => import('@/shared/api/get-initial-config').then(({ getInitialConfig }) => getInitialConfig()));

/** Providers that live outside the router (the router-aware ones sit in RootLayout). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
