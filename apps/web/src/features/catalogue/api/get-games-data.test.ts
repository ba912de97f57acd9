import type { TGameRecord } from '@portal/contracts/control';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { mockApi } from '@/test/render';
import { game } from '../test-data';
import { prefetchGamesData } from './get-games-data';

const logo = (project: string) => `/images/games/${project}/card-logo.svg`;
const card = (project: string, extra: Partial<TGameRecord['mainData']> = {}): TGameRecord => {
  const record = game(project, project);
  return { ...record, mainData: { ...record.mainData, ...extra } };
};

const imagePreloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));

describe('prefetchGamesData', () => {
  afterEach(() => queryClient.clear());

  it('loads the games and the logos of the first cards the catalogue shows', async () => {
    mockApi({
      '/api/control/get-games-data': {
        body: { data: [card('hidden', { outOfCatalog: true }), card('first'), card('second'), card('third'), card('fourth')] },
      },
    });

    await prefetchGamesData();

    expect(imagePreloads()).toEqual([logo('first'), logo('second'), logo('third')]);
  });
});
