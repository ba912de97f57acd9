import type { ReactNode } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import en from '../../public/locales/en/translation.json';
import ru from '../../public/locales/ru/translation.json';
import { createQueryClient } from '@/shared/api/query-client';
import { ModalProvider } from '@/shared/ui/modal/modal-provider';
import { LayoutOptionsProvider } from '@/shared/layout/layout-options';
import { checkStubAnswer } from './contract';

/** i18next with the real en and ru files, in memory. */
export async function setupI18n(lng: 'en' | 'ru' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources: { en: { translation: en }, ru: { translation: ru } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    await i18next.changeLanguage(lng);
  }
}

type Answer = { status?: number; body: unknown };

/**
 * Answers fetch calls by URL prefix; unknown URLs answer 404. Success bodies must match the
 * route's contract schema unless `offContract` (a test of an answer the contract does not allow).
 */
export function mockApi(routes: Record<string, Answer | (() => Answer)>, { offContract = false } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.startsWith(prefix));
    const found = key ? routes[key] : undefined;
    const answer = typeof found === 'function' ? found() : (found ?? { status: 404, body: { code: 'NOT_FOUND', message: 'no' } });
    if (!offContract) checkStubAnswer(url, answer.status ?? 200, answer.body);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** Renders routes in a memory router with the app's providers. */
export function renderRoutes(routes: RouteObject[], initialPath: string, wrap?: (node: ReactNode) => ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const tree = (
    <QueryClientProvider client={client}>
      <LayoutOptionsProvider>
        <ModalProvider>
          <RouterProvider router={router} />
        </ModalProvider>
      </LayoutOptionsProvider>
    </QueryClientProvider>
  );
  return { router, client, ...render(wrap ? wrap(tree) : tree) };
}
