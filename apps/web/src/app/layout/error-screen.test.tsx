import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes, setupI18n } from '@/test/render';
import { ErrorScreen } from './error-screen';

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorScreen', () => {
  beforeAll(() => setupI18n('en'));

  it('replaces a crashed screen with the error text and a way back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes([{ path: '/games/:lng/', element: <Broken />, errorElement: <ErrorScreen /> }], '/games/en/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/games/en/');
  });
});
