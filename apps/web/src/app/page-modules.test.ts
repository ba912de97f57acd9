import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/shared/paths';
import { PAGE_MODULES } from './page-modules';
import { routeTree } from './router';

// Every module a page may name, loaded the way the router loads them.
const modules = import.meta.glob<Record<string, unknown>>([
  '../features/*/routes.tsx',
  '../features/auth/*-route.tsx',
  './game-host/routes.tsx',
]);
const load = (module: string) => {
  const loader = modules[module.startsWith('app/') ? `./${module.slice('app/'.length)}` : `../${module}`];
  if (!loader) throw new Error(`no module ${module}`);
  return loader();
};

/** The router's lazily loaded pages with their full paths (the console, outside the portal, aside). */
function lazyRoutes(tree: RouteObject[], parent = ''): Array<{ path: string; route: RouteObject }> {
  return tree.flatMap((route) => {
    const own = route.path ?? '';
    const path = own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
    const here = route.lazy && !path.startsWith('/staff') ? [{ path, route }] : [];
    return [...here, ...lazyRoutes(route.children ?? [], path)];
  });
}

const samePath = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

describe('page modules', () => {
  it('name, for every page the router loads by route, the module whose screen it shows', async () => {
    const pages = lazyRoutes(routeTree);
    expect(pages.length).toBeGreaterThan(15);
    for (const { path, route } of pages) {
      const entry = Object.entries(PAGE_MODULES).find(([name]) => samePath(routes[name as keyof typeof routes].path, path));
      expect(entry, path).toBeDefined();
      const lazy = route.lazy as () => Promise<{ Component?: unknown }>;
      const { Component } = await lazy();
      expect(Object.values(await load(entry![1])), path).toContain(Component);
    }
  });

  it('name modules that exist, the catalogue among them', async () => {
    for (const module of new Set(Object.values(PAGE_MODULES))) await expect(load(module), module).resolves.toBeTruthy();
    expect(Object.keys(await load(PAGE_MODULES.catalogue))).toContain('CatalogueRoute');
  });
});
