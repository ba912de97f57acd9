import type { TConsoleGame, TConsoleProject, TConsoleProjectDetail } from '@portal/contracts/catalog-console';
import type { TSingleGameSettings } from '@portal/contracts/control';
import { mockApi, renderRoutes } from '@/test/render';
import { StaffApp } from '../components/staff-app';

/** Fixtures of the project settings' tests: the starfall project, its API and what a save sent. */

export function starfallProject(singleGameSettings: TSingleGameSettings | null = null): TConsoleProject {
  return {
    name: 'starfall',
    authType: 'postMessage',
    authMethods: ['mail'],
    paymentsMethods: [],
    extra: [],
    outOfCatalog: false,
    hostNames: [],
    singleGameSettings,
    seoData: { en: { title: 'Starfall', ogType: 'website' } },
    legalDocs: { en: { termsOfUse: 'https://starfall.example/terms' } },
    sortOrder: 3,
    version: 4,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const game: TConsoleGame = {
  project: 'starfall',
  webPage: null,
  localization: {},
  seoData: {},
  socialItems: [],
  sortOrder: 3,
  archived: false,
  version: 2,
};

export type Answer = { status?: number; body: unknown };

/** The console API of `project`: a save answers the project as sent, at the next version. */
export function settingsApi(
  project: TConsoleProject,
  images: () => Answer = () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'no' } }),
) {
  const detail: TConsoleProjectDetail = { project, game, prices: [] };
  const fetchMock = mockApi({
    '/api/staff/me': { body: { data: { id: 's3', email: 'editor@portal.test', role: 'catalog' } } },
    '/api/staff/catalog/projects': { body: { data: [project] } },
    '/api/staff/catalog/projects/starfall': { body: { data: detail } },
    '/api/staff/catalog/images': images,
  });
  const original = fetchMock.getMockImplementation()!;
  // A save answers the project as sent, at the next version.
  fetchMock.mockImplementation(async (input, init) =>
    init?.method === 'PATCH'
      ? new Response(JSON.stringify({ data: { ...project, ...(JSON.parse(String(init.body)) as object), version: 5 } }), {
          headers: { 'content-type': 'application/json' },
        })
      : original(input, init),
  );
  return fetchMock;
}

export const patchOf = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};
export const uploadsOf = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input));

export const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

export function renderStaff() {
  return renderRoutes([{ path: '/staff/*', element: <StaffApp /> }], '/staff/catalog/starfall/settings');
}
