import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TConsoleGame, TConsolePrice, TConsoleProject, TConsoleProjectDetail } from '@portal/contracts/catalog-console';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { setStaffToken } from '../api/staff-session';
import { StaffApp } from '../components/staff-app';
import { changeValue } from '@/test/change-value';

const renderStaff = (path: string) => renderRoutes([{ path: '/staff/*', element: <StaffApp /> }], path);

const project: TConsoleProject = {
  name: 'starfall',
  authType: 'postMessage',
  authMethods: ['google', 'mail'],
  paymentsMethods: ['stripe'],
  extra: [{ id: 'backgroundColor', value: '#102030' }],
  outOfCatalog: false,
  hostNames: ['starfall.example'],
  singleGameSettings: null,
  seoData: {},
  legalDocs: {},
  sortOrder: 3,
  version: 4,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const game: TConsoleGame = {
  project: 'starfall',
  webPage: {
    cardBackgroundColor: null,
    cardLogoImage: '/catalog-images/logo.png',
    footerBackgroundColor: null,
    inDevelop: false,
    isActive: true,
    iframeUrl: '/demo-games/familytown/index.html',
    projectBackgroundFile: '',
    gameImage: '',
  },
  localization: {
    en: { name: 'Starfall', cardDescription: 'Catch stars', fullDescription: 'A long text' },
    ru: { name: 'Звездопад', cardDescription: 'Лови звёзды', fullDescription: 'Длинный текст' },
  },
  seoData: {},
  socialItems: [],
  sortOrder: 3,
  archived: false,
  version: 2,
};
const price: TConsolePrice = {
  id: 'sf-stars-10',
  project: 'starfall',
  titles: { en: '10 stars', ru: '10 звёзд', de: '10 Sterne' },
  ruTitle: '10 звёзд',
  ruValue: 99,
  enTitle: '10 stars',
  enValue: 1.99,
  logoName: '',
  sortOrder: 0,
  archived: false,
  version: 1,
};
const detail: TConsoleProjectDetail = { project, game, prices: [price] };

type Answer = { status?: number; body: unknown };

function catalogApi(extra: Record<string, Answer | (() => Answer)> = {}) {
  return mockApi({
    '/api/staff/me': { body: { data: { id: 's3', email: 'editor@portal.test', role: 'catalog' } } },
    '/api/staff/catalog/projects': { body: { data: [project] } },
    '/api/staff/catalog/projects/starfall': { body: { data: detail } },
    ...extra,
  });
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, url: string, method: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => String(input) === url && init?.method === method);
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

describe('catalogue editor', () => {
  beforeEach(async () => {
    await setupI18n('en');
    setStaffToken('staff-token');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setStaffToken(null);
  });

  it('lists projects and checks a new project’s name before sending it', async () => {
    const fetchMock = catalogApi();
    renderStaff('/staff/catalog');
    const table = await screen.findByRole('table', { name: 'Projects (1)' });
    expect(within(table).getByRole('link', { name: 'starfall' })).toHaveAttribute('href', '/staff/catalog/starfall');
    expect(within(table).getByRole('columnheader', { name: /Host names/ })).toBeInTheDocument();

    // Refused before anything is sent: not a project name.
    changeValue(screen.getByLabelText('Project name'), 'bad name!');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(
      await screen.findByText('Letters, digits, "-" and "_"; it cannot be changed later.', { selector: '[role=alert]' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  }, 20_000);

  it('shows the server’s field message for a taken name and keeps the form filled', async () => {
    const fetchMock = catalogApi();
    renderStaff('/staff/catalog');
    await screen.findByRole('table', { name: 'Projects (1)' });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ code: 'PROJECT_EXISTS', message: 'A project named "starfall" exists' }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
    );
    changeValue(screen.getByLabelText('Project name'), 'starfall');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('A project named "starfall" exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Project name')).toHaveValue('starfall');
    expect(screen.getByLabelText('Project name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks missing languages, and on a conflict offers their version without dropping the typed text silently', async () => {
    const theirs: TConsoleGame = {
      ...game,
      localization: { ...game.localization, en: { ...game.localization.en!, name: 'Starfall Deluxe' } },
      version: 3,
    };
    let saves = 0;
    const fetchMock = catalogApi({
      '/api/staff/catalog/projects/starfall/game': () => {
        saves += 1;
        return saves === 1
          ? { status: 409, body: { code: 'EDIT_CONFLICT', message: 'Someone saved this since you opened it', current: theirs } }
          : { body: { data: { ...theirs, version: 4 } } };
      },
    });
    renderStaff('/staff/catalog/starfall');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Starfall');
    const languages = screen.getByRole('group', { name: 'Language of the texts' });
    expect(within(languages).getByRole('button', { name: /Deutsch.*missing/ })).toBeInTheDocument();
    expect(within(languages).getByRole('button', { name: 'Русский' })).toBeInTheDocument();

    // A missing language shows the English text as its hint.
    fireEvent.click(within(languages).getByRole('button', { name: /Deutsch/ }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveAttribute('placeholder', 'Starfall');
    fireEvent.click(within(languages).getByRole('button', { name: /English/ }));

    changeValue(screen.getByLabelText('Name'), 'Starfall Mine');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this game meanwhile');
    expect(bodyOf(fetchMock, '/api/staff/catalog/projects/starfall/game', 'PATCH')).toMatchObject({ version: 2 });
    // Their version is only loaded on request; until then the typed text stays.
    expect(screen.getByLabelText('Name')).toHaveValue('Starfall Mine');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Starfall Deluxe');
    changeValue(screen.getByLabelText('Name'), 'Starfall Deluxe 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const second = fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/game') && init?.method === 'PATCH')[1];
    expect(JSON.parse(String(second?.[1]?.body))).toMatchObject({ version: 3, localization: { en: { name: 'Starfall Deluxe 2' } } });
  });

  it('shows the origin of the game address and edits the extra origins, each checked as an exact origin', async () => {
    let saves = 0;
    const fetchMock = catalogApi({
      '/api/staff/catalog/projects/starfall/game': () => {
        saves += 1;
        return saves === 1
          ? { status: 400, body: { code: 'VALIDATION_ERROR', message: 'body.extraOrigins.0: an origin starts with https://' } }
          : { body: { data: { ...game, extraOrigins: ['https://cdn.starfall.example'], version: 3 } } };
      },
    });
    renderStaff('/staff/catalog/starfall');
    const own = await screen.findByLabelText('Origin taken from the address');
    // The demo address is a path on the portal: no origin of its own.
    expect(own).toHaveTextContent('This site (the address is a path on the portal)');
    changeValue(screen.getByLabelText('Game address'), 'https://play.starfall.example/game/index.html?x=1');
    expect(own).toHaveTextContent('https://play.starfall.example');
    expect(screen.getByText('No extra origins.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add an origin' }));
    changeValue(screen.getByLabelText('Extra origin 1'), 'https://cdn.starfall.example/assets');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Refused before anything is sent: a path is not an origin.
    expect(await screen.findByText(/Not an exact origin/, { selector: '[role=alert]' })).toBeInTheDocument();
    expect(screen.getByLabelText('Extra origin 1')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    // An empty row is not sent; the server's refusal lands on the row the origin was typed in.
    changeValue(screen.getByLabelText('Extra origin 1'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Add an origin' }));
    changeValue(screen.getByLabelText('Extra origin 2'), 'http://cdn.starfall.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Extra origin 2')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Extra origin 1')).toHaveAttribute('aria-invalid', 'false');
    expect(bodyOf(fetchMock, '/api/staff/catalog/projects/starfall/game', 'PATCH')).toMatchObject({
      version: 2,
      extraOrigins: ['http://cdn.starfall.example'],
      webPage: { iframeUrl: 'https://play.starfall.example/game/index.html?x=1' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove extra origin 1' }));
    changeValue(screen.getByLabelText('Extra origin 1'), 'https://cdn.starfall.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const second = fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/game') && init?.method === 'PATCH')[1];
    expect(JSON.parse(String(second?.[1]?.body))).toMatchObject({ extraOrigins: ['https://cdn.starfall.example'] });
    expect(screen.getByLabelText('Extra origin 1')).toHaveValue('https://cdn.starfall.example');
    expect(screen.queryByLabelText('Extra origin 2')).not.toBeInTheDocument();
  });

  it('refuses a price of zero with a field message and shows the server’s field message', async () => {
    const fetchMock = catalogApi({
      '/api/staff/catalog/projects/starfall/prices': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'body.enTitle: Too big: expected string to have <=200 characters' },
      },
    });
    renderStaff('/staff/catalog/starfall/prices');
    const table = await screen.findByRole('table', { name: 'Items (1)' });
    expect(within(table).getByText('sf-stars-10')).toBeInTheDocument();
    expect(within(table).getByText('RUB 99.00')).toBeInTheDocument();
    expect(within(table).getByText('$1.99')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New item' });
    changeValue(within(form).getByLabelText('Item ID'), 'sf-stars-50');
    changeValue(within(form).getByLabelText('Name (English)'), '50 stars');
    changeValue(within(form).getByLabelText('Name (Russian)'), '50 звёзд');
    changeValue(within(form).getByLabelText('Price in roubles'), '0');
    changeValue(within(form).getByLabelText('Price in US dollars'), '7.99');
    fireEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(await within(form).findByText('Enter an amount above zero with at most two decimals')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price in roubles')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    changeValue(within(form).getByLabelText('Price in roubles'), '449.50');
    fireEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(await within(form).findByText('Too big: expected string to have <=200 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Item ID')).toHaveValue('sf-stars-50');
    expect(bodyOf(fetchMock, '/api/staff/catalog/projects/starfall/prices', 'POST')).toMatchObject({ ruValue: 449.5, enValue: 7.99 });
  });

  it('edits an item’s name in every language: English required, a missing one hinted by the English name', async () => {
    let saves = 0;
    const fetchMock = catalogApi({
      '/api/staff/catalog/prices/sf-stars-10': () => {
        saves += 1;
        return saves === 1
          ? { status: 400, body: { code: 'VALIDATION_ERROR', message: 'body.titles.en: the English name is required' } }
          : { body: { data: { ...price, titles: { ...price.titles, fr: '10 étoiles' }, version: 2 } } };
      },
    });
    renderStaff('/staff/catalog/starfall/prices');
    const table = await screen.findByRole('table', { name: 'Items (1)' });
    expect(table).toHaveTextContent('3 of 10 languages');
    fireEvent.click(screen.getByRole('button', { name: 'Edit sf-stars-10' }));
    const form = screen.getByRole('form', { name: 'Item sf-stars-10' });
    const names = within(form).getByRole('group', { name: 'Item name' });
    expect(within(names).getAllByRole('textbox')).toHaveLength(10);
    expect(within(names).getByLabelText('Name (German)')).toHaveValue('10 Sterne');
    expect(within(names).getByLabelText('Name (German)')).toHaveAttribute('lang', 'de');
    const french = within(names).getByLabelText('Name (French)');
    expect(french).toHaveValue('');
    expect(french).toHaveAttribute('placeholder', '10 stars');
    expect(french).toHaveAccessibleDescription(/missing/);
    expect(within(names).getByLabelText('Name (German)')).not.toHaveAccessibleDescription(/missing/);
    expect(within(names).getByLabelText('Name (English)')).not.toHaveAccessibleDescription(/missing/);

    changeValue(within(names).getByLabelText('Name (English)'), '  ');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the English name')).toBeInTheDocument();
    expect(within(names).getByLabelText('Name (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    changeValue(within(names).getByLabelText('Name (English)'), '10 stars');
    changeValue(french, '10 étoiles');
    expect(french).not.toHaveAccessibleDescription(/missing/);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // The server's refusal lands on the English field too.
    expect(await within(form).findByText('the English name is required')).toBeInTheDocument();
    expect(within(names).getByLabelText('Name (English)')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));
    expect(patches[1]).toEqual(
      expect.objectContaining({ version: 1, titles: { ru: '10 звёзд', en: '10 stars', de: '10 Sterne', fr: '10 étoiles' } }),
    );
    expect(patches[1]).not.toHaveProperty('enTitle');
  });

  it('keeps one’s own item changes over a conflict and saves them at the other person’s version', async () => {
    const theirs: TConsolePrice = { ...price, ruValue: 109, version: 2 };
    let saves = 0;
    const fetchMock = catalogApi({
      '/api/staff/catalog/prices/sf-stars-10': () => {
        saves += 1;
        return saves === 1
          ? { status: 409, body: { code: 'EDIT_CONFLICT', message: 'Someone saved this since you opened it', current: theirs } }
          : { body: { data: { ...theirs, enValue: 2.49, version: 3 } } };
      },
    });
    renderStaff('/staff/catalog/starfall/prices');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit sf-stars-10' }));
    const form = screen.getByRole('form', { name: 'Item sf-stars-10' });
    changeValue(within(form).getByLabelText('Price in US dollars'), '2.49');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this item meanwhile');

    fireEvent.click(within(alert).getByRole('button', { name: 'Keep my changes' }));
    expect(within(form).getByLabelText('Price in US dollars')).toHaveValue('2.49');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));
    expect(patches).toEqual([
      expect.objectContaining({ version: 1, enValue: 2.49 }),
      expect.objectContaining({ version: 2, enValue: 2.49 }),
    ]);
    expect(screen.getByRole('table', { name: 'Items (1)' })).toHaveTextContent('$2.49');
  });

  it('shows a taken host name on its settings field', async () => {
    catalogApi();
    const fetchMock = vi.mocked(globalThis.fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PATCH'
        ? new Response(
            JSON.stringify({ code: 'HOST_NAME_TAKEN', message: 'The host name familytown.example already shows the project "familytown"' }),
            {
              status: 409,
              headers: { 'content-type': 'application/json' },
            },
          )
        : original(input, init),
    );
    renderStaff('/staff/catalog/starfall/settings');
    const hosts = await screen.findByLabelText('Host names');
    expect(hosts).toHaveValue('starfall.example');
    expect(screen.getByLabelText('Background colour')).toHaveValue('#102030');
    changeValue(hosts, 'starfall.example\nfamilytown.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The host name familytown.example already shows the project "familytown"')).toBeInTheDocument();
    expect(screen.getByLabelText('Host names')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Host names')).toHaveValue('starfall.example\nfamilytown.example');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ version: 4, hostNames: ['starfall.example', 'familytown.example'] });
  });

  it('asks before leaving a form with unsaved changes', async () => {
    catalogApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderStaff('/staff/catalog/starfall');
    changeValue(await screen.findByLabelText('Name'), 'Changed');

    const sections = screen.getByRole('navigation', { name: 'Project sections' });
    fireEvent.click(within(sections).getByRole('link', { name: 'Prices' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave and lose them?'));
    expect(router.state.location.pathname).toBe('/staff/catalog/starfall');
    expect(screen.getByLabelText('Name')).toHaveValue('Changed');

    confirm.mockReturnValue(true);
    fireEvent.click(within(sections).getByRole('link', { name: 'Prices' }));
    expect(await screen.findByRole('table', { name: 'Items (1)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/catalog/starfall/prices');
  });

  it('tells a support member the catalogue is not theirs', async () => {
    mockApi({ '/api/staff/me': { body: { data: { id: 's1', email: 'agent@portal.test', role: 'support' } } } });
    renderStaff('/staff/catalog');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this page');
    expect(screen.getByRole('navigation', { name: 'Staff navigation' })).not.toHaveTextContent('Catalogue');
  });
});
