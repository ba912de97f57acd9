import type { TGameRecord } from '@portal/contracts/control';

export function gameRecord(overrides: Partial<TGameRecord['web_page'] & object> = {}, project = 'familytown'): TGameRecord {
  return {
    project,
    mainData: { projectName: project, outOfCatalog: false },
    web_page: {
      cardBackgroundColor: null,
      cardLogoImage: '/images/familytown/logo.png',
      footerBackgroundColor: null,
      inDevelop: false,
      isActive: true,
      iframeUrl: '/demo-games/familytown/index.html',
      projectBackgroundFile: '/images/familytown/bg.jpg',
      gameImage: '/images/familytown/game.jpg',
      ...overrides,
    },
    localization: {
      en: { name: 'Family Town', cardDescription: 'Build a town', fullDescription: 'Build a town with your family.' },
      ru: { name: 'Семейный город', cardDescription: 'Постройте город', fullDescription: 'Постройте город всей семьёй.' },
    },
    seoData: { en: { title: 'Family Town: play online' } },
    social: { items: [{ fileName: '/images/social/vk.svg', link: 'https://vk.com/familytown' }] },
  };
}
