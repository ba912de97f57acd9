import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      {/* Until the first translations arrive. */}
      <Suspense fallback={<FullScreenLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
