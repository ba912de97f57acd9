import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { Header } from './header';

// The service header's code arrives only when the test opens the gate.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open: () => open() };
});
vi.mock('./header-embedded', async (importOriginal) => {
  await gate.promise;
  return importOriginal();
});

beforeEach(async () => {
  await setupI18n('en');
});

describe('the service header while its code loads', () => {
  it('already shows its title, the languages and the close button’s place, so nothing below moves', async () => {
    mockApi({
      '/api/control/get-initial-config': {
        body: {
          data: {
            projects: { name: 'familytown', authType: 'postMessage', authMethods: [], paymentsMethods: [], extra: [] },
            mainData: { projectName: 'familytown', outOfCatalog: false },
            knownProjects: ['familytown'],
            allowedOrigins: [],
          },
        },
      },
    });
    renderRoutes(
      [{ path: '/payments/process/:id?/:source?/:locale?/:project?/:jwt?', element: <Header /> }],
      '/payments/process/p-1/web/en/familytown',
    );
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Payment')).toBeInTheDocument();
    expect(within(banner).getByRole('group', { name: 'Interface language' })).toBeInTheDocument();
    expect(banner.querySelector('.embedded-header__close')).not.toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Close' })).toBeNull();

    gate.open();
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
