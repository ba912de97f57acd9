import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { game } from '../test-data';
import { CataloguePage } from './catalogue-page';

describe('CataloguePage', () => {
  beforeAll(() => setupI18n('en'));

  it('shows a card per game and greys the one in development', async () => {
    mockApi({
      '/api/control/get-games-data': {
        body: {
          data: [game('familytown', 'Family Town', { cardBackgroundColor: '#123456' }), game('islandm3', 'Island M3', { inDevelop: true })],
        },
      },
    });
    renderRoutes([{ path: '/games/:lng/', element: <CataloguePage /> }], '/games/en/');

    const card = await screen.findByRole('article', { name: 'Family Town' });
    expect(within(card).getByRole('img', { name: 'Family Town' }).getAttribute('src')).toBe('/images/games/familytown/card-logo.svg');
    expect(within(card).getByText('Family Town card')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/games/en/familytown/');
    expect(card.style.background).toContain('rgb(18, 52, 86)');

    const dev = screen.getByRole('article', { name: 'Island M3' });
    expect(dev.getAttribute('aria-disabled')).toBe('true');
    expect(within(dev).getByText('In development')).toBeInTheDocument();
    expect(within(dev).queryByRole('link')).toBeNull();
    expect(dev.style.background).toContain('rgba(46, 160, 67, 0.35)');
  });
});
