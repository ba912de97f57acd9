import { useState, type ReactNode } from 'react';
import {
  Navigate,
  createBrowserRouter,
  matchRoutes,
  useLoaderData,
  useParams,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { isLanguage } from '@portal/contracts/languages';
import { currentLanguage } from '@/shared/i18n/i18n';
import { routes } from '@/shared/paths';
import { decodeResult } from '@portal/contracts/result-codec';
import { setNavigate } from '@/shared/navigation';
import { yieldToMain } from '@/shared/yield-to-main';
import { takeLoginReturn } from '@/shared/auth/login-return';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { initialConfigQueryOptions } from '@/shared/api/get-initial-config';
import { queryClient } from '@/shared/api/query-client';
import { RootLayout } from './layout/root-layout';
import { ErrorScreen } from './layout/error-screen';
import { gameLoader } from '@/features/game/api/game-loader';
import { pricesQueryOptions } from '@/features/prices/api/get-prices';
import { GamesIndexRoute, gamesIndexLoader } from './routes/games-index-route';

/** Any other path: to the catalogue in the current language. */
function ToCatalogue() {
  return <Navigate to={routes.catalogue.getHref(currentLanguage())} replace />;
}

/** `/games/:lng` with an unsupported `lng` is fixed by the layout; this only guards types. */
function GamesLanguage({ children }: { children: ReactNode }) {
  const { lng } = useParams();
  return isLanguage(lng) ? children : <ToCatalogue />;
}

/** Loader-only pages (results handed to the host, the post-401 target). */
const LoaderOnly = () => <FullScreenLoader />;

/**
 * The auth result page. A result of the session the portal's own game page started (a
 * redirect project's game asked to log in) brings the player back to that game page; any
 * other stays here for its host to read.
 */
function LoginDone() {
  const result = useLoaderData<unknown>();
  const [back] = useState(() => takeLoginReturn((result as { session?: unknown } | null)?.session));
  return back ? <Navigate to={back} replace /> : <FullScreenLoader />;
}

/**
 * The result of a loader-only page: base64url JSON in `:result` or `?result=`. The page shows
 * only the loader; the host (a webview or the opener) reads the URL, and the decoded value is
 * the route's data for anything in the app that needs it.
 */
export function resultLoader({ params, request }: LoaderFunctionArgs): unknown {
  return decodeResult(params.result ?? new URL(request.url).searchParams.get('result'));
}

/**
 * Every page's footer reads the project settings: they are asked for with the page's code,
 * before the first render, instead of after it. Never blocks.
 */
export function rootLoader() {
  void queryClient.prefetchQuery(initialConfigQueryOptions());
  return null;
}

/**
 * The price list's prices load with the page's code, once the settings say the project is
 * one of theirs (an unknown project goes to /prices instead). Never blocks.
 */
export function pricesLoader({ params, request }: LoaderFunctionArgs) {
  const project = params.project || new URL(request.url).searchParams.get('project');
  if (!project) return null;
  void queryClient
    .fetchQuery(initialConfigQueryOptions())
    .then((config) => (config.knownProjects.includes(project) ? queryClient.prefetchQuery(pricesQueryOptions(project)) : undefined))
    .catch(() => {
      /* the screen's own queries report it */
    });
  return null;
}

// Every screen is its own chunk: the catalogue path loads only what it draws.
export const routeTree: RouteObject[] = [
  // The staff console: its own frame and lazy bundle, outside the portal layout.
  {
    path: '/staff/*',
    errorElement: <ErrorScreen />,
    lazy: async () => ({ Component: (await import('@/features/staff/routes')).StaffRoute }),
  },
  {
    path: '/',
    loader: rootLoader,
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { index: true, element: <ToCatalogue /> },
      {
        path: routes.loginEmail.path,
        lazy: async () => ({ Component: (await import('@/features/auth/email-login-route')).LoginEmailRoute }),
      },
      { path: routes.login.path, lazy: async () => ({ Component: (await import('@/features/auth/login-route')).LoginRoute }) },
      {
        path: routes.registration.path,
        lazy: async () => ({ Component: (await import('@/features/auth/registration-route')).RegistrationRoute }),
      },
      {
        path: routes.recoveryPassword.path,
        lazy: async () => ({ Component: (await import('@/features/auth/recovery-route')).RecoveryPasswordRoute }),
      },
      {
        path: routes.deletionPersonalData.path,
        lazy: async () => ({ Component: (await import('@/features/legal/routes')).DeletionPersonalDataRoute }),
      },
      { path: routes.loginDone.path, loader: resultLoader, element: <LoginDone /> },
      { path: routes.paymentsDone.path, loader: resultLoader, element: <LoaderOnly /> },
      { path: routes.supportDone.path, loader: resultLoader, element: <LoaderOnly /> },
      { path: routes.unauthorized.path, loader: resultLoader, element: <LoaderOnly /> },
      { path: routes.loader.path, element: <LoaderOnly /> },
      {
        path: routes.paymentsProcess.path,
        lazy: async () => ({ Component: (await import('@/features/payments/routes')).PaymentProcessRoute }),
      },
      { path: routes.paymentsYookassa.path, lazy: async () => ({ Component: (await import('@/features/payments/routes')).YookassaRoute }) },
      { path: routes.paymentsStripe.path, lazy: async () => ({ Component: (await import('@/features/payments/routes')).StripeRoute }) },
      {
        path: routes.paymentsYandexPay.path,
        lazy: async () => ({ Component: (await import('@/features/payments/routes')).YandexPayRoute }),
      },
      {
        path: routes.games.path,
        children: [
          {
            index: true,
            loader: gamesIndexLoader,
            element: (
              <GamesLanguage>
                <GamesIndexRoute />
              </GamesLanguage>
            ),
          },
          {
            path: ':projectName',
            // The game record loads with the page's code, not after it; the config, whose
            // allowed origins the frame host needs, with the root's loader.
            loader: gameLoader,
            // The game page with its window messages answered (app/game-host composes the features).
            lazy: async () => ({ Component: (await import('./game-host/routes')).GameHostRoute }),
          },
        ],
      },
      { path: routes.supportTickets.path, lazy: async () => ({ Component: (await import('@/features/support/routes')).TicketsRoute }) },
      {
        path: routes.supportTicketCreate.path,
        lazy: async () => ({ Component: (await import('@/features/support/routes')).TicketCreateRoute }),
      },
      { path: routes.supportTicket.path, lazy: async () => ({ Component: (await import('@/features/support/routes')).TicketRoute }) },
      {
        path: routes.transactions.path,
        lazy: async () => ({ Component: (await import('@/features/transactions/routes')).TransactionsRoute }),
      },
      {
        path: routes.transactionsHelp.path,
        lazy: async () => ({ Component: (await import('@/features/transactions/routes')).TransactionHelpRoute }),
      },
      { path: routes.accountProfile.path, lazy: async () => ({ Component: (await import('@/features/account/routes')).ProfileRoute }) },
      {
        path: routes.accountDelete.path,
        lazy: async () => ({ Component: (await import('@/features/account/routes')).DeleteAccountRoute }),
      },
      {
        path: routes.prices.path,
        loader: pricesLoader,
        lazy: async () => ({ Component: (await import('@/features/prices/routes')).PricesRoute }),
      },
      { path: '*', element: <ToCatalogue /> },
    ],
  },
];

/**
 * Each screen's code is evaluated in one task and drawn in the next, so the two never block
 * the page as one long task.
 */
export function yieldAfterLazy(tree: RouteObject[]): RouteObject[] {
  return tree.map((route) => {
    const lazy = route.lazy;
    const children = route.children && yieldAfterLazy(route.children);
    if (typeof lazy !== 'function') return children ? ({ ...route, children } as RouteObject) : route;
    return {
      ...route,
      ...(children && { children }),
      lazy: async () => {
        const loaded = await lazy();
        await yieldToMain();
        return loaded;
      },
    } as RouteObject;
  });
}

/**
 * A pattern with optional segments (`/a/:x?/:y?`) enters the router's ranking as every one of
 * their 2^n combinations, ranked and compiled on each start, and of those only the prefixes
 * (`/a`, `/a/:x`, `/a/:x/:y`) are ever matched first. Such a route becomes its fixed start with
 * one child per prefix: the same screen, kept across its prefixes, and the same params, from
 * n + 1 entries instead of 2^n (the payment screens' five optional segments: 6, not 32).
 */
export function compactOptionalTails(tree: RouteObject[]): RouteObject[] {
  return tree.map((route) => {
    if (route.children) return { ...route, children: compactOptionalTails(route.children) } as RouteObject;
    const segments = route.path?.split('/') ?? [];
    let fixed = segments.length;
    while (fixed > 0 && /^:\w+\?$/.test(segments[fixed - 1]!)) fixed--;
    const optional = segments.slice(fixed).map((segment) => segment.slice(0, -1));
    if (route.index || optional.length < 2) return route;
    return {
      ...route,
      path: segments.slice(0, fixed).join('/') || '/',
      // Each child draws nothing of its own (`null`, said outright: a leaf without an element makes
      // the router warn on every render, and a warning costs a thrown and caught error).
      children: [
        { index: true, element: null },
        ...optional.map((_, end) => ({ path: optional.slice(0, end + 1).join('/'), element: null })),
      ],
    } as RouteObject;
  });
}

export const createRouter = () => routerOf(createBrowserRouter(yieldAfterLazy(compactOptionalTails(routeTree))));

/**
 * The router of a page the server rendered: the matched screens' code is loaded first, so
 * the first render draws what the server drew (React Router would draw its fallback while a
 * lazy route loads), and the loaders' data is the server's.
 */
export async function createHydratingRouter(hydrationData: HydrationState) {
  const tree = yieldAfterLazy(compactOptionalTails(routeTree));
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  return routerOf(createBrowserRouter(tree, { hydrationData }));
}

function routerOf(router: ReturnType<typeof createBrowserRouter>) {
  // Code outside React (the api client's 401 reaction) navigates through the router.
  setNavigate((to, options) => router.navigate(to, options));
  return router;
}
