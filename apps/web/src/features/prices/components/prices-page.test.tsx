import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { PricesPage } from './prices-page';
import { changeValue } from '@/test/change-value';

const config = {
  projects: { name: 'familytown', authType: 'redirect', authMethods: [], paymentsMethods: [], extra: [] },
  mainData: { projectName: 'familytown', outOfCatalog: false },
  knownProjects: ['familytown', 'neuroarena', 'islandm3'],
  allowedOrigins: [],
};
const item = { id: 'gems-100', ruTitle: '100 кристаллов', ruValue: 149, enTitle: '100 gems', enValue: 1.99, logoName: 'gems.svg' };

const renderPrices = (path: string) => renderRoutes([{ path: '/prices/:project?', element: <PricesPage /> }], path);

describe('PricesPage', () => {
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    await setupI18n('en');
    mockApi({
      '/api/control/get-initial-config': { body: { data: config } },
      '/api/control/get-prices?project=familytown': { body: { data: [item] } },
      '/api/control/get-prices?project=neuroarena': { body: { data: [] } },
    });
  });

  it('lists the known projects behind a placeholder and navigates on choice', async () => {
    const { router } = renderPrices('/prices');
    const select = await screen.findByRole('combobox', { name: 'Project' });
    expect(screen.getByRole('option', { name: 'Choose a project' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a project', 'familytown', 'neuroarena', 'islandm3']);
    changeValue(select, 'familytown');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/prices/familytown?project=familytown'),
    );
    const logo = await screen.findByRole('img', { name: '100 gems' });
    expect(logo.getAttribute('src')).toBe('/prices/gems-100/gems.svg');
    expect(screen.getByText('$1.99')).toBeInTheDocument();
  });

  it('shows roubles in Russian', async () => {
    await setupI18n('ru');
    renderPrices('/prices?project=familytown');
    expect(await screen.findByRole('img', { name: '100 кристаллов' })).toBeInTheDocument();
    expect(screen.getByText('149 ₽')).toBeInTheDocument();
  });

  it('says so when a project has no prices', async () => {
    renderPrices('/prices/neuroarena');
    expect(await screen.findByText('There are no prices for this project yet.')).toBeInTheDocument();
  });

  it('keeps the project in ?project= when opened by its path, with the host values', async () => {
    const { router } = renderPrices('/prices/familytown?source=web');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/prices/familytown?project=familytown&source=web'),
    );
    expect(await screen.findByRole('img', { name: '100 gems' })).toBeInTheDocument();
  });

  it('shows a known project when the settings cannot be loaded', async () => {
    vi.restoreAllMocks();
    mockApi({
      '/api/control/get-initial-config': { status: 503, body: { code: 'INTERNAL_ERROR', message: 'down' } },
      '/api/control/get-prices?project=familytown': { body: { data: [item] } },
    });
    const { router } = renderPrices('/prices/familytown?project=familytown');
    expect(await screen.findByRole('img', { name: '100 gems' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prices/familytown');
    expect((screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement).value).toBe('familytown');
  });

  it('sends an unknown project back to /prices', async () => {
    const { router } = renderPrices('/prices/nosuch');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prices'));
    expect(await screen.findByRole('combobox', { name: 'Project' })).toBeInTheDocument();
  });
});
