import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@/test/render';
import { changeValue } from '@/test/change-value';
import { setStaffToken } from '../api/staff-session';
import { patchOf, png, renderStaff, settingsApi, starfallProject, uploadsOf } from './settings-test-kit';

/** The project settings' single-game site: its game address typed in, its art uploaded or typed in. */

const project = starfallProject({
  iframeSrc: '/demo-games/starfall/index.html',
  backgroundImageFile: '/images/games/starfall/bg.png',
  backgroundFile: '',
  popupFile: '',
  popupSmallFile: '',
  verificationBtnFile: '',
  verificationSmallBtnFile: '',
});

describe('project settings: single-game art', () => {
  beforeEach(async () => {
    await setupI18n('en');
    setStaffToken('staff-token');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setStaffToken(null);
  });

  it('fills an artwork address with the uploaded image, keeps the addresses editable and saves them', async () => {
    const fetchMock = settingsApi(project, () => ({
      status: 201,
      body: { data: { fileName: 'popup.png', url: '/catalog-images/popup.png', size: 4, mime: 'image/png', width: 1120, height: 800 } },
    }));
    renderStaff();
    const single = await screen.findByRole('group', { name: 'Single-game site' });
    expect(within(single).getByLabelText('Game address')).toHaveValue('/demo-games/starfall/index.html');

    // Each artwork says where it is shown and the size it needs there.
    expect(within(single).getByLabelText('Upload a new Background (large screens)')).toHaveAccessibleDescription(
      'Shown behind the game on screens wider than 1024 px, cropped to fill them At least 1920 × 1080 px',
    );
    expect(within(single).getByLabelText('Upload a new Age check button')).toHaveAccessibleDescription(/At least 720 × 144 px, shape 5:1$/);
    expect(within(single).getByLabelText('Upload a new Age check button (small screens)')).toHaveAccessibleDescription(
      /At least 520 × 112 px, shape 4.64:1$/,
    );

    const popup = within(single).getByRole('group', { name: 'Age check window' });
    expect(within(popup).getByLabelText('Image address')).toHaveValue('');
    fireEvent.change(within(popup).getByLabelText('Upload a new Age check window'), { target: { files: [png('popup.png')] } });
    await waitFor(() => expect(within(popup).getByLabelText('Image address')).toHaveValue('/catalog-images/popup.png'));
    expect(within(popup).getByRole('img', { name: 'Current Age check window' })).toHaveAttribute('src', '/catalog-images/popup.png');
    expect(uploadsOf(fetchMock)).toEqual(['/api/staff/catalog/images?kind=singleGamePopup']);

    // An address can still be typed in.
    const button = within(single).getByRole('group', { name: 'Age check button' });
    changeValue(within(button).getByLabelText('Image address'), ' /images/games/starfall/button.png ');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patchOf(fetchMock)).toBeDefined());
    expect(patchOf(fetchMock)?.singleGameSettings).toEqual({
      iframeSrc: '/demo-games/starfall/index.html',
      backgroundImageFile: '/images/games/starfall/bg.png',
      backgroundFile: '',
      popupFile: '/catalog-images/popup.png',
      popupSmallFile: '',
      verificationBtnFile: '/images/games/starfall/button.png',
      verificationSmallBtnFile: '',
    });
  });

  it('shows on the artwork the size the server asked for when it refuses an image', async () => {
    const fetchMock = settingsApi(project, () => ({
      status: 400,
      body: { code: 'IMAGE_TOO_SMALL', message: 'A single-game background must be at least 1920×1080 px; this image is 800×600 px' },
    }));
    renderStaff();
    const single = await screen.findByRole('group', { name: 'Single-game site' });
    const background = within(single).getByRole('group', { name: 'Background (large screens)' });
    fireEvent.change(within(background).getByLabelText('Upload a new Background (large screens)'), {
      target: { files: [png('bg.png')] },
    });
    expect(await within(background).findByRole('alert')).toHaveTextContent('The image is too small: it must be at least 1920 × 1080 px');
    expect(within(background).getByLabelText('Image address')).toHaveValue('/images/games/starfall/bg.png');
    expect(uploadsOf(fetchMock)).toEqual(['/api/staff/catalog/images?kind=singleGameBackground']);
  });
});
