import { useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usableGameAddress } from '@portal/contracts/addresses';
import { routes, withLang } from '@/shared/paths';
import { assetUrl, linkUrl } from '@/shared/asset-url';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useLayoutOptions } from '@/shared/layout/layout-options';
import { pickLocalized } from '@/shared/i18n/localized';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useGameData } from '../api/get-game-data';
import { canOpenGame, type OpenableGame } from '../can-open-game';
import { socialNetworkName } from '../social-network';
import type { GameFrameHost } from '../frame-host';
import './game-page.css';

export const DEFAULT_FOOTER_COLOR = '#e6e8ec';

/**
 * `/games/:lng/:projectName/`: intro, then the game in its frame. `frameHost` answers the
 * game's window messages while it plays (the app passes it).
 */
export function GamePage({ frameHost }: { frameHost?: GameFrameHost } = {}) {
  const { projectName = '' } = useParams();
  const lng = useCurrentLanguage();
  const game = useGameData(projectName);
  const record = game.data;
  const allowed = canOpenGame(record);

  useLayoutOptions({
    hiddenFooterLinks: ['llc', 'contacts', 'offer', 'personalData'],
    footerBackground: (allowed && record.web_page.footerBackgroundColor) || DEFAULT_FOOTER_COLOR,
    ...(allowed && { project: record.project }),
  });
  usePageMeta(pickLocalized(record?.seoData, lng));

  if (game.isPending) return <FullScreenLoader />;
  // Unknown, inactive, in development or failed to load: back to the catalogue.
  if (!allowed) return <Navigate to={routes.catalogue.getHref(lng)} replace />;
  return <GameView game={record} frameHost={frameHost} />;
}

function GameView({ game, frameHost: FrameHost }: { game: OpenableGame; frameHost?: GameFrameHost | undefined }) {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  // The frame's src is fixed when play starts: a later language change (the game may ask for
  // one) is told to the game by message instead of reloading it.
  const [playingSrc, setPlayingSrc] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const page = game.web_page;
  const text = pickLocalized(game.localization, lng);
  const name = text?.name || game.mainData.projectName || game.project;
  const background = assetUrl(page.projectBackgroundFile);
  // Only an http(s) address or a site path is ever a frame's src (never `javascript:`).
  const address = usableGameAddress(page.iframeUrl);

  return (
    <div className="game-page" style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      {playingSrc ? (
        <section className="game-page__stage" aria-label={name}>
          <h1 className="visually-hidden">{name}</h1>
          <iframe
            ref={frameRef}
            id="game-frame"
            className="game-page__frame"
            title={name}
            src={playingSrc}
            allow="fullscreen; autoplay; clipboard-write"
            // The pages send no referrer; the game's SDK needs the portal's origin (Firefox has no
            // location.ancestorOrigins), and the origin alone tells the game no more than that.
            referrerPolicy="origin"
          />
          {FrameHost ? <FrameHost frameRef={frameRef} project={game.project} /> : null}
        </section>
      ) : (
        <section className="game-page__intro" aria-labelledby="game-title">
          {page.gameImage && <img className="game-page__image" src={assetUrl(page.gameImage)} alt={name} />}
          <div className="game-page__text">
            <h1 id="game-title">{name}</h1>
            {text?.fullDescription && <p className="game-page__description">{text.fullDescription}</p>}
            {address && (
              <button type="button" className="button button--primary button--large" onClick={() => setPlayingSrc(withLang(address, lng))}>
                {t('game.play')}
              </button>
            )}
          </div>
        </section>
      )}
      {game.social.items.length > 0 && (
        <nav className="game-page__social" aria-label={t('game.social')}>
          <ul>
            {game.social.items.map((item) => {
              const network = socialNetworkName(item);
              const href = linkUrl(item.link);
              if (!href) return null;
              return (
                <li key={`${item.link}-${item.fileName}`}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={network} title={network}>
                    <img src={assetUrl(item.fileName)} alt="" width={40} height={40} />
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
