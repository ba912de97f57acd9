import type { TSocialItem, TWebPage } from '@portal/contracts/control';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import type { LocalizedSeo, LocalizedTexts, NewGame, NewProject } from '../schema.ts';
import { afterdarkTexts } from './afterdark.ts';
import { familytownTexts } from './familytown.ts';
import { islandm3Texts } from './islandm3.ts';
import { neuroarenaTexts } from './neuroarena.ts';
import type { GameTexts } from './types.ts';

/**
 * Demo catalogue (embedded by default). Asset paths are fixed: the files live in
 * apps/server/assets and are served under /images and /demo-games.
 */

const SITE_NAME = 'Pixel Harbor Games';

/** "Play online" in each language, appended to the page title. */
const PLAY_ONLINE: Record<Language, string> = {
  ru: 'играть онлайн',
  en: 'play online',
  de: 'online spielen',
  es: 'jugar en línea',
  fr: 'jouer en ligne',
  it: 'gioca online',
  ja: 'オンラインでプレイ',
  ko: '온라인 플레이',
  pt: 'jogar online',
  zh: '在线玩',
};

const image = (project: string, file: string) => `/images/games/${project}/${file}`;

function localization(texts: GameTexts): LocalizedTexts {
  const result: LocalizedTexts = {};
  for (const lang of LANGUAGES) {
    const { name, cardDescription, fullDescription } = texts[lang];
    result[lang] = { name, cardDescription, fullDescription };
  }
  return result;
}

/** Page metadata per language; paths are relative so a changed PUBLIC_URL needs no reseed. */
function seo(project: string, texts: GameTexts, pagePath: (lang: Language) => string): LocalizedSeo {
  const result: LocalizedSeo = {};
  for (const lang of LANGUAGES) {
    const { name, cardDescription, keywords } = texts[lang];
    const title = `${name} — ${PLAY_ONLINE[lang]}`;
    result[lang] = {
      title,
      description: cardDescription,
      keywords,
      faviconImage: image(project, 'favicon.svg'),
      appleTouchImage: image(project, 'apple-touch-icon.png'),
      ogUrl: pagePath(lang),
      ogType: 'website',
      ogTitle: title,
      ogDescription: cardDescription,
      ogImage: image(project, 'og.png'),
      ogSiteName: SITE_NAME,
    };
  }
  return result;
}

function social(channel: string): TSocialItem[] {
  return [
    { fileName: '/images/social/vk.svg', link: `https://vk.com/${channel}` },
    { fileName: '/images/social/telegram.svg', link: `https://t.me/${channel}` },
    { fileName: '/images/social/youtube.svg', link: `https://www.youtube.com/@${channel}` },
    { fileName: '/images/social/discord.svg', link: `https://discord.gg/${channel}` },
  ];
}

function webPage(
  project: string,
  options: Pick<TWebPage, 'cardBackgroundColor' | 'footerBackgroundColor' | 'inDevelop' | 'isActive'>,
): TWebPage {
  return {
    ...options,
    cardLogoImage: image(project, 'card-logo.svg'),
    iframeUrl: `/demo-games/${project}/index.html`,
    projectBackgroundFile: image(project, 'background.svg'),
    gameImage: image(project, 'game.svg'),
  };
}

const ALL_AUTH_METHODS: NewProject['authMethods'] = ['google', 'google_adult', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail'];

const gamePage = (project: string) => (lang: Language) => `/games/${lang}/${project}/`;

export const demoProjects: NewProject[] = [
  {
    name: 'familytown',
    authType: 'postMessage',
    authMethods: ALL_AUTH_METHODS,
    paymentsMethods: ['stripe', 'yookassa', 'yandex-pay'],
    extra: [
      { id: 'backgroundColor', value: '#1d6f42' },
      { id: 'failedAttemptLimit', value: 5 },
    ],
    hostNames: [],
    seoData: seo('familytown', familytownTexts, gamePage('familytown')),
    sortOrder: 1,
  },
  {
    name: 'neuroarena',
    authType: 'redirect',
    authMethods: ['google', 'vk', 'yandex', 'mail'],
    paymentsMethods: ['yookassa', 'yandex-pay'],
    extra: [
      { id: 'backgroundColor', value: '#17153b' },
      { id: 'failedAttemptLimit', value: 3 },
    ],
    hostNames: ['neuroarena.localhost'],
    seoData: seo('neuroarena', neuroarenaTexts, gamePage('neuroarena')),
    sortOrder: 2,
  },
  {
    name: 'islandm3',
    authType: 'postMessage',
    authMethods: ['google', 'apple', 'vk', 'yandex', 'tg', 'facebook', 'mail'],
    paymentsMethods: ['stripe', 'yookassa'],
    extra: [
      { id: 'backgroundColor', value: '#0b6e8a' },
      { id: 'failedAttemptLimit', value: 5 },
    ],
    hostNames: [],
    seoData: seo('islandm3', islandm3Texts, gamePage('islandm3')),
    sortOrder: 3,
  },
  {
    name: 'afterdark',
    authType: 'postMessage',
    authMethods: ['google', 'apple', 'mail'],
    paymentsMethods: ['stripe', 'yookassa'],
    extra: [
      { id: 'backgroundColor', value: '#2b0f2e' },
      { id: 'failedAttemptLimit', value: 5 },
    ],
    outOfCatalog: true,
    hostNames: ['afterdark.localhost'],
    singleGameSettings: {
      iframeSrc: '/demo-games/afterdark/index.html',
      backgroundImageFile: image('afterdark', 'bg-desktop.svg'),
      backgroundFile: image('afterdark', 'bg-mobile.svg'),
      popupFile: image('afterdark', 'popup.svg'),
      popupSmallFile: image('afterdark', 'popup-small.svg'),
      verificationBtnFile: image('afterdark', 'verify-btn.svg'),
      verificationSmallBtnFile: image('afterdark', 'verify-btn-small.svg'),
    },
    // The single game lives at /games/:lng/ on its own host name.
    seoData: seo('afterdark', afterdarkTexts, (lang) => `/games/${lang}/`),
    sortOrder: 4,
  },
];

export const demoGames: NewGame[] = [
  {
    project: 'familytown',
    webPage: webPage('familytown', {
      cardBackgroundColor: '#f3c969',
      footerBackgroundColor: '#1d6f42',
      inDevelop: false,
      isActive: true,
    }),
    localization: localization(familytownTexts),
    seoData: seo('familytown', familytownTexts, gamePage('familytown')),
    socialItems: social('familytown_game'),
    sortOrder: 1,
  },
  {
    project: 'neuroarena',
    // No card colour: the catalogue's default card background applies.
    webPage: webPage('neuroarena', {
      cardBackgroundColor: null,
      footerBackgroundColor: '#17153b',
      inDevelop: false,
      isActive: true,
    }),
    localization: localization(neuroarenaTexts),
    seoData: seo('neuroarena', neuroarenaTexts, gamePage('neuroarena')),
    socialItems: social('neuroarena_game'),
    sortOrder: 2,
  },
  {
    project: 'islandm3',
    webPage: webPage('islandm3', {
      cardBackgroundColor: '#7fd1c7',
      footerBackgroundColor: '#0b6e8a',
      inDevelop: true,
      isActive: true,
    }),
    localization: localization(islandm3Texts),
    seoData: seo('islandm3', islandm3Texts, gamePage('islandm3')),
    socialItems: social('islandm3_game'),
    sortOrder: 3,
  },
  {
    project: 'afterdark',
    // Out of catalogue: no card, the single-game page uses the project's settings.
    webPage: null,
    localization: localization(afterdarkTexts),
    seoData: seo('afterdark', afterdarkTexts, (lang) => `/games/${lang}/`),
    socialItems: [],
    sortOrder: 4,
  },
];
