import { screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, createMemoryRouter, matchRoutes, useParams, type RouteObject } from 'react-router';
import { cleanup, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { createQueryClient } from '@/shared/api/query-client';
import { mockApi, setupI18n } from '@/test/render';
import { compactOptionalTails, routeTree, yieldAfterLazy } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(compactOptionalTails(routeTree), { initialEntries: [path] });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const config = {
  projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: [], extra: [] },
  mainData: { projectName: 'familytown', outOfCatalog: false },
  knownProjects: ['familytown', 'neuroarena', 'islandm3'],
  allowedOrigins: [],
};

describe('router', () => {
  beforeEach(async () => {
    await setupI18n('en');
    mockApi({
      '/api/control/get-initial-config': { body: { data: config } },
      '/api/control/get-games-data': { body: { data: [] } },
    });
  });

  it('sends unknown paths to the catalogue in the current language', async () => {
    const router = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/en/'));
    expect(await screen.findByRole('heading', { name: 'Our games', level: 1 })).toBeInTheDocument();
  });

  it('replaces an unsupported language segment under /games', async () => {
    const router = renderApp('/games/xx/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/en/'));
  });

  it('takes the language from the path and marks it in the switcher', async () => {
    renderApp('/games/ru/');
    expect(await screen.findByRole('heading', { name: 'Наши игры', level: 1 })).toBeInTheDocument();
    expect(i18next.language).toBe('ru');
    expect(localStorage.getItem('i18nextLng')).toBe('ru');
    const ru = screen.getByRole('button', { name: 'RU' });
    expect(ru.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'EN' }).getAttribute('aria-current')).toBeNull();
    // Portal pages offer ru and en only.
    expect(screen.queryByRole('button', { name: 'DE' })).toBeNull();
  });

  it('has the landmarks, the login link and the footer documents', async () => {
    renderApp('/games/en/');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/session/login');
    expect(screen.getByRole('link', { name: 'Public offer' }).getAttribute('href')).toBe('/docs/EnPublicOffer.html');
    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/docs/EnTermsOfUse.html');
  });

  it("links the footer to the project's own legal documents where set, else to the portal's", async () => {
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            ...config,
            projects: {
              ...config.projects,
              legalDocs: {
                en: { publicOffer: 'https://familytown.example/offer', contacts: '/legal/contacts.html' },
                ru: { publicOffer: 'https://familytown.example/ru/offer' },
              },
            },
          },
        },
      },
      '/api/control/get-games-data': { body: { data: [] } },
    });
    renderApp('/games/en/');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Public offer' }).getAttribute('href')).toBe('https://familytown.example/offer'),
    );
    expect(screen.getByRole('link', { name: 'Contacts' }).getAttribute('href')).toBe('/legal/contacts.html');
    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/docs/EnTermsOfUse.html');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/docs/EnPrivacyPolicy.html');
    cleanup();
    renderApp('/games/ru/');
    await screen.findByRole('heading', { name: 'Наши игры', level: 1 });
    const footer = screen.getByRole('contentinfo');
    const hrefs = [...footer.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    // Russian: its own offer; the English contacts stand in; the rest are the portal's Russian files.
    expect(hrefs).toEqual([
      '/legal/contacts.html',
      'https://familytown.example/ru/offer',
      '/docs/EnTermsOfUse.html',
      '/docs/RuPrivacyPolicy.html',
      '/docs/RuPersonalData.html',
    ]);
  });

  it.each([
    ['/session/login', 'Sign in'],
    ['/session/login/email', 'Sign in with e-mail'],
    ['/session/registration', 'Registration'],
    ['/auth/recovery-password', 'Password recovery'],
    ['/payments/process/p1', 'Payment'],
    ['/payments/stripe/p1', 'Payment via Stripe'],
    ['/support/tickets', 'My Tickets'],
    ['/support/ticket/create/1', 'New ticket'],
    ['/support/ticket/42', 'Ticket'],
    ['/auth/deletion-personal-data', 'Deletion of personal data'],
  ])('%s stands with its heading', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it.each(['/transactions', '/transactions/help/42', '/transactions/help?id=42'])(
    '%s sends a signed-out visitor to the start page',
    async (path) => {
      const router = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/games/en/'));
    },
  );

  it("offers ru and en under the portal's header and every language on the screens a host embeds", async () => {
    renderApp('/support/tickets');
    await screen.findByRole('heading', { name: 'My Tickets' });
    expect(screen.getAllByRole('button').filter((b) => /^[A-Z]{2}$/.test(b.textContent ?? ''))).toHaveLength(2);
    cleanup();
    renderApp('/support/tickets?source=web');
    await screen.findByRole('heading', { name: 'My Tickets', level: 1 });
    await waitFor(() => expect(screen.getAllByRole('button').filter((b) => /^[A-Z]{2}$/.test(b.textContent ?? ''))).toHaveLength(10));
  });

  it('the deletion page opens the mail client with a subject', async () => {
    renderApp('/auth/deletion-personal-data');
    const link = await screen.findByRole('link', { name: 'Write a deletion request' });
    expect(link.getAttribute('href')).toMatch(/^mailto:support@gameportal\.example\?subject=Request%20to%20delete/);
  });
});

describe('yieldAfterLazy', () => {
  it("hands each screen's code over in a later task, in nested routes too", async () => {
    const screenModule = { Component: () => null };
    const [root] = yieldAfterLazy([{ path: '/', children: [{ path: 'page', lazy: async () => screenModule }] }]);
    const lazy = root?.children?.[0]?.lazy as () => Promise<unknown>;

    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);
    const loaded = await lazy().then((value) => {
      order.push('screen code');
      return value;
    });

    expect(loaded).toBe(screenModule);
    expect(order).toEqual(['waiting task', 'screen code']);
  });
});

describe('compactOptionalTails', () => {
  /** The route that draws the page (the last one with code or an element) and the params. */
  const resolve = (tree: RouteObject[], path: string) => {
    const matches = matchRoutes(tree, path) ?? [];
    const screen = matches.findLast(({ route }) => route.lazy || route.element || route.Component || route.loader)?.route;
    return { screen: screen && (screen.lazy ?? screen.element ?? screen.loader), params: { ...matches.at(-1)?.params } };
  };

  it('gives every path the screen and params the full patterns give', () => {
    const compact = compactOptionalTails(routeTree);
    const paths = [
      '/payments/process',
      '/payments/process/p-1',
      '/payments/process/p-1/web/ru/islandm3/h.p.s',
      '/payments/process/p-1/web/ru/islandm3/h.p.s/more',
      '/payments/stripe/p-1/web',
      '/session/login',
      '/session/login/s-1/web/de',
      '/session/login/email',
      '/session/login/email/s-1/web',
      '/session/registration/s-1',
      '/support/ticket/create/1',
      '/support/ticket/t-1',
      '/games/en/',
      '/games/en/familytown/',
      '/prices/islandm3',
      '/staff/inbox',
      '/no/such/page',
    ];
    for (const path of paths) {
      const full = resolve(routeTree, path);
      expect(full.screen, path).toBeDefined();
      expect(resolve(compact, path), path).toEqual(full);
    }
  });

  it('ranks n + 1 entries for n optional segments and keeps the screen across them', async () => {
    const [route] = compactOptionalTails([{ path: '/a/:x?/:y?/:z?', Component: () => null }]);
    expect(route?.path).toBe('/a');
    expect(route?.children?.map((child) => child.path ?? 'index')).toEqual(['index', ':x', ':x/:y', ':x/:y/:z']);

    let mounts = 0;
    function Screen() {
      const { x, y } = useParams();
      useEffect(() => {
        mounts++;
      }, []);
      return <p>{`${x}-${y}`}</p>;
    }
    const router = createMemoryRouter(compactOptionalTails([{ path: '/a/:x?/:y?', Component: Screen }]), { initialEntries: ['/a/1'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('1-undefined')).toBeInTheDocument();
    await router.navigate('/a/1/2');
    expect(await screen.findByText('1-2')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('gives the router no leaf without an element to warn about', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const router = createMemoryRouter(compactOptionalTails([{ path: '/a/:x?/:y?', Component: () => <p>screen</p> }]), {
        initialEntries: ['/a'],
      });
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('screen')).toBeInTheDocument();
      await router.navigate('/a/1/2');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
