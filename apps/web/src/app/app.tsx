import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { AppProvider } from './provider';
import type { createRouter } from './router';

/** The app around a router made before the first render (see main.tsx). */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppProvider>
      {/* Until the first translations arrive. */}
      <Suspense fallback={<FullScreenLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
