import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@/test/render';
import { changeValue } from '@/test/change-value';
import { setStaffToken } from '../api/staff-session';
import { patchOf, png, renderStaff, settingsApi, starfallProject, uploadsOf } from './settings-test-kit';

/** The project settings' page metadata (Open Graph texts, uploaded icons and preview) and legal document addresses. */

const project = starfallProject();

describe('project settings: page metadata and legal documents', () => {
  beforeEach(async () => {
    await setupI18n('en');
    setStaffToken('staff-token');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setStaffToken(null);
  });

  it('edits the Open Graph texts and images per language and saves them with the metadata already there', async () => {
    const fetchMock = settingsApi(project, () => ({
      status: 201,
      body: { data: { fileName: 'og.png', url: '/catalog-images/og.png', size: 4, mime: 'image/png', width: 1200, height: 630 } },
    }));
    renderStaff();
    const metadata = await screen.findByRole('group', { name: 'Page metadata' });
    expect(within(metadata).getByLabelText('Page title')).toHaveValue('Starfall');
    changeValue(within(metadata).getByLabelText('Link preview title'), 'Catch the falling stars');
    changeValue(within(metadata).getByLabelText('Link preview description'), 'A night of wishes');
    changeValue(within(metadata).getByLabelText('Site name in link previews'), 'Starfall');
    changeValue(within(metadata).getByLabelText('Page address in link previews'), 'https://starfall.example/');

    // Each upload says the size it needs and names where it is shown.
    const preview = within(metadata).getByLabelText('Upload a new Link preview image');
    expect(preview).toHaveAccessibleDescription('At least 1200 × 630 px, shape 1.91:1');
    expect(within(metadata).getByLabelText('Upload a new Tab icon')).toHaveAccessibleDescription('At least 48 × 48 px, shape 1:1');
    expect(within(metadata).getByLabelText('Upload a new Home screen icon')).toHaveAccessibleDescription(
      'At least 180 × 180 px, shape 1:1',
    );
    fireEvent.change(preview, { target: { files: [png('og.png')] } });
    expect(await within(metadata).findByRole('img', { name: 'Current Link preview image' })).toHaveAttribute(
      'src',
      '/catalog-images/og.png',
    );
    expect(uploadsOf(fetchMock)).toEqual(['/api/staff/catalog/images?kind=ogImage']);

    changeValue(within(metadata).getByLabelText('Language of the texts'), 'ru');
    expect(within(metadata).getByLabelText('Link preview title')).toHaveAttribute('placeholder', 'Catch the falling stars');
    changeValue(within(metadata).getByLabelText('Link preview title'), 'Лови падающие звёзды');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patchOf(fetchMock)).toBeDefined());
    expect(patchOf(fetchMock)).toMatchObject({
      version: 4,
      seoData: {
        en: {
          title: 'Starfall',
          ogType: 'website',
          ogTitle: 'Catch the falling stars',
          ogDescription: 'A night of wishes',
          ogSiteName: 'Starfall',
          ogUrl: 'https://starfall.example/',
          ogImage: '/catalog-images/og.png',
        },
        ru: { ogTitle: 'Лови падающие звёзды' },
      },
    });
  });

  it('shows on the field the size the server asked for when it refuses an image', async () => {
    settingsApi(project, () => ({
      status: 400,
      body: { code: 'IMAGE_TOO_SMALL', message: 'A tab icon must be at least 48×48 px; this image is 16×16 px' },
    }));
    renderStaff();
    const metadata = await screen.findByRole('group', { name: 'Page metadata' });
    const icon = within(metadata).getByLabelText('Upload a new Tab icon');
    fireEvent.change(icon, { target: { files: [png('icon.png')] } });
    expect(await within(metadata).findByRole('alert')).toHaveTextContent('The image is too small: it must be at least 48 × 48 px');
    expect(icon).toHaveAccessibleDescription(/At least 48 × 48 px, shape 1:1.*The image is too small/);
  });

  it('keeps legal document addresses per language, refusing one that is not https or a site path on its field', async () => {
    const fetchMock = settingsApi(project);
    renderStaff();
    const legal = await screen.findByRole('group', { name: 'Legal documents' });
    expect(within(legal).getByLabelText('Terms of use')).toHaveValue('https://starfall.example/terms');
    // An empty address shows what the portal links to instead.
    expect(within(legal).getByLabelText('Public offer')).toHaveAttribute('placeholder', '/docs/EnPublicOffer.html');
    changeValue(within(legal).getByLabelText('Public offer'), 'https://starfall.example/offer');

    changeValue(within(legal).getByLabelText('Language of the documents'), 'ru');
    expect(within(legal).getByLabelText('Contacts')).toHaveAttribute('placeholder', '/docs/RuContacts.html');
    expect(within(legal).getByLabelText('Public offer')).toHaveAttribute('placeholder', 'https://starfall.example/offer');
    changeValue(within(legal).getByLabelText('Contacts'), 'http://starfall.example/contacts');
    // Saving from another language brings the refused one back into view.
    changeValue(within(legal).getByLabelText('Language of the documents'), 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(legal).findByText('Enter an https:// address or a path starting with /')).toBeInTheDocument();
    expect(within(legal).getByLabelText('Language of the documents')).toHaveValue('ru');
    expect(within(legal).getByLabelText('Contacts')).toHaveAttribute('aria-invalid', 'true');
    expect(patchOf(fetchMock)).toBeUndefined();

    changeValue(within(legal).getByLabelText('Contacts'), '/legal/ru/contacts.html');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patchOf(fetchMock)).toBeDefined());
    expect(patchOf(fetchMock)?.legalDocs).toEqual({
      en: { publicOffer: 'https://starfall.example/offer', termsOfUse: 'https://starfall.example/terms' },
      ru: { contacts: '/legal/ru/contacts.html' },
    });
  });
});
