import { waitFor } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { mockApi } from '@/test/render';
import { gameRecord } from '../test-data';
import { gameDataQueryOptions } from './get-game-data';
import { gameLoader } from './game-loader';

const load = (projectName: string) =>
  gameLoader({
    params: { lng: 'en', projectName },
    request: new Request(`http://localhost/games/en/${projectName}/`),
  } as unknown as LoaderFunctionArgs);

const preloaded = (href: string) => document.head.querySelector(`link[rel="preload"][as="image"][href="${href}"]`);

describe('gameLoader', () => {
  afterEach(() => queryClient.clear());

  it('loads the game record and then the background the page will show', async () => {
    const fetch = mockApi({
      '/api/control/get-game-data': { body: { data: gameRecord({ projectBackgroundFile: '/images/familytown/loader-bg.jpg' }) } },
    });

    expect(load('familytown')).toBeNull();

    await waitFor(() => expect(preloaded('/images/familytown/loader-bg.jpg')).not.toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(gameDataQueryOptions('familytown').queryKey)?.project).toBe('familytown');
  });

  it('asks for no image of a game the page will not open', async () => {
    mockApi({
      '/api/control/get-game-data': {
        body: { data: gameRecord({ isActive: false, projectBackgroundFile: '/images/closed/bg.jpg' }, 'closed') },
      },
    });

    load('closed');

    await waitFor(() => expect(queryClient.getQueryData(gameDataQueryOptions('closed').queryKey)).toBeDefined());
    expect(preloaded('/images/closed/bg.jpg')).toBeNull();
  });
});
