import type { TGameRecord } from '@portal/contracts/control';

/** A catalogue game record as the games data lists it. */
export function game(project: string, name: string, page: Partial<NonNullable<TGameRecord['web_page']>> = {}): TGameRecord {
  return {
    project,
    mainData: { projectName: project, outOfCatalog: false },
    web_page: {
      cardBackgroundColor: null,
      cardLogoImage: `/images/games/${project}/card-logo.svg`,
      footerBackgroundColor: null,
      inDevelop: false,
      isActive: true,
      iframeUrl: `/demo-games/${project}/index.html`,
      projectBackgroundFile: '',
      gameImage: '',
      ...page,
    },
    localization: { en: { name, cardDescription: `${name} card`, fullDescription: '' } },
    seoData: {},
    social: { items: [] },
  };
}
