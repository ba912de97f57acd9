import { useEffect } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { canOpenGame } from '../can-open-game';
import { gameRecord } from '../test-data';
import type { GameFrameHostProps } from '../frame-host';
import { GamePage } from './game-page';

const routes = [
  { path: '/games/:lng/', element: <h1>Catalogue</h1> },
  { path: '/games/:lng/:projectName/', element: <GamePage /> },
];

describe('canOpenGame', () => {
  it('needs web_page, isActive and not in development', () => {
    expect(canOpenGame(gameRecord())).toBe(true);
    expect(canOpenGame(gameRecord({ isActive: false }))).toBe(false);
    expect(canOpenGame(gameRecord({ inDevelop: true }))).toBe(false);
    expect(canOpenGame({ ...gameRecord(), web_page: null })).toBe(false);
    expect(canOpenGame({ ...gameRecord(), mainData: { projectName: 'x', outOfCatalog: true } })).toBe(false);
    expect(canOpenGame(undefined)).toBe(false);
  });
});

describe('GamePage guard', () => {
  beforeAll(() => setupI18n('en'));

  it.each([
    ['inactive', { body: { data: gameRecord({ isActive: false }) } }],
    ['in development', { body: { data: gameRecord({ inDevelop: true }) } }],
    ['without web_page', { body: { data: { ...gameRecord(), web_page: null } } }],
    ['unknown (404)', { status: 404, body: { code: 'GAME_NOT_FOUND', message: 'no' } }],
  ])('sends a game that is %s back to the catalogue', async (_, answer) => {
    mockApi({ '/api/control/get-game-data': answer });
    const { router } = renderRoutes(routes, '/games/en/familytown/');
    expect(await screen.findByRole('heading', { name: 'Catalogue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/games/en/');
  });

  it('shows the intro, then the game frame with the language', async () => {
    mockApi({ '/api/control/get-game-data': { body: { data: gameRecord() } } });
    renderRoutes(routes, '/games/en/familytown/');
    expect(await screen.findByRole('heading', { name: 'Family Town', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Build a town with your family.')).toBeInTheDocument();
    const social = screen.getByRole('link', { name: 'VK' });
    expect(social.getAttribute('target')).toBe('_blank');
    expect(social.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    const frame = await waitFor(() => {
      const found = document.querySelector<HTMLIFrameElement>('iframe#game-frame');
      if (!found) throw new Error('no frame');
      return found;
    });
    expect(frame.getAttribute('src')).toBe('/demo-games/familytown/index.html?lang=en');
    // The game's SDK learns the portal's origin from the referrer (Firefox has no ancestorOrigins).
    expect(frame.getAttribute('referrerpolicy')).toBe('origin');
    expect(frame.title).toBe('Family Town');
    await waitFor(() => expect(document.title).toBe('Family Town: play online'));
  });
});

describe('GamePage frame host', () => {
  beforeAll(() => setupI18n('en'));

  it('hands the playing frame to the frame host and keeps its src when the language changes', async () => {
    const seen: { id: string | null; project: string }[] = [];
    function Host({ frameRef, project }: GameFrameHostProps) {
      useEffect(() => {
        seen.push({ id: frameRef.current?.id ?? null, project });
      }, [frameRef, project]);
      return null;
    }
    mockApi({ '/api/control/get-game-data': { body: { data: gameRecord() } } });
    renderRoutes([{ path: '/games/:lng/:projectName/', element: <GamePage frameHost={Host} /> }], '/games/en/familytown/');
    fireEvent.click(await screen.findByRole('button', { name: 'Play' }));
    await waitFor(() => expect(seen).toEqual([{ id: 'game-frame', project: 'familytown' }]));
    await act(async () => {
      await i18n.changeLanguage('ru');
    });
    const frame = document.querySelector<HTMLIFrameElement>('iframe#game-frame');
    expect(frame?.getAttribute('src')).toBe('/demo-games/familytown/index.html?lang=en');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});
