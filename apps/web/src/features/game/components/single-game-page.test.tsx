import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, setupI18n } from '@/test/render';
import { STORAGE_KEYS } from '@/shared/storage-keys';
import { SingleGamePage } from './single-game-page';

const data = {
  settings: {
    iframeSrc: '/demo-games/afterdark/index.html',
    backgroundImageFile: '/images/games/afterdark/bg-desktop.svg',
    backgroundFile: '/images/games/afterdark/bg-mobile.svg',
    popupFile: '/images/games/afterdark/popup.svg',
    popupSmallFile: '/images/games/afterdark/popup-small.svg',
    verificationBtnFile: '/images/games/afterdark/verify-btn.svg',
    verificationSmallBtnFile: '/images/games/afterdark/verify-btn-small.svg',
  },
  seoData: { en: { title: 'After Dark' } },
};

const renderPage = () => renderRoutes([{ path: '/games/:lng/', element: <SingleGamePage projectName="afterdark" /> }], '/games/en/');

describe('SingleGamePage', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => vi.restoreAllMocks());

  it('asks for the age first and frames the game once confirmed, remembering it', async () => {
    mockApi({ '/api/control/get-single-game-data': { body: { data } } });
    const { unmount } = renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'Adults only: 18+' });
    expect(dialog.textContent).toContain('nudity and explicit sexual content');
    expect(document.querySelector('#game-frame')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'I am over 18 years old' }));
    const frame = document.querySelector<HTMLIFrameElement>('iframe#game-frame');
    expect(frame?.getAttribute('src')).toBe('/demo-games/afterdark/index.html?lang=en');
    expect(frame?.getAttribute('referrerpolicy')).toBe('origin');
    expect(localStorage.getItem(STORAGE_KEYS.ageVerified)).toBe('true');
    unmount();

    renderPage();
    expect(await screen.findByTitle('After Dark')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close the gate on Escape or an outside click', async () => {
    mockApi({ '/api/control/get-single-game-data': { body: { data } } });
    renderPage();
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('"No, I am under 18 years old" leaves the site', async () => {
    mockApi({ '/api/control/get-single-game-data': { body: { data } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'No, I am under 18 years old' }));
    expect(assign).toHaveBeenCalledWith('https://www.google.com');
  });
});
