import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGameRecord } from '@portal/contracts/control';
import type { Language } from '@portal/contracts/languages';
import { routes } from '@/shared/paths';
import { assetUrl } from '@/shared/asset-url';
import { pickLocalized } from '@/shared/i18n/localized';
import { isLightColor } from '@/shared/ui/readable-text';
import './game-card.css';

export const DEFAULT_CARD_COLOR = 'rgba(46, 160, 67, 0.35)';

/**
 * One catalogue card; a game in development is greyed and cannot be opened. The first cards
 * (`inFirstView`) load their logo at once: one of them is the page's largest paint.
 */
export function GameCard({ game, lng, inFirstView = false }: { game: TGameRecord; lng: Language; inFirstView?: boolean }) {
  const { t } = useTranslation();
  const page = game.web_page;
  const text = pickLocalized(game.localization, lng);
  const name = text?.name || game.mainData.projectName || game.project;
  const inDevelop = Boolean(page?.inDevelop);
  const headingId = `game-card-${game.project}`;
  const background = page?.cardBackgroundColor || DEFAULT_CARD_COLOR;

  return (
    <article
      className={`game-card${inDevelop ? ' game-card--in-develop' : ''}${isLightColor(background) ? ' game-card--light' : ''}`}
      style={{ background }}
      aria-labelledby={headingId}
      aria-disabled={inDevelop ? 'true' : undefined}
    >
      <div className="game-card__logo">
        {page?.cardLogoImage && (
          <img
            src={assetUrl(page.cardLogoImage)}
            alt={name}
            loading={inFirstView ? 'eager' : 'lazy'}
            fetchPriority={inFirstView ? 'high' : 'auto'}
          />
        )}
      </div>
      <h2 id={headingId} className="game-card__name">
        {name}
      </h2>
      {text?.cardDescription && <p className="game-card__description">{text.cardDescription}</p>}
      {inDevelop ? (
        <span className="game-card__badge">{t('catalogue.inDevelopment')}</span>
      ) : (
        <Link to={routes.game.getHref(lng, game.project)} className="button button--primary game-card__play">
          {t('catalogue.play')}
        </Link>
      )}
    </article>
  );
}
