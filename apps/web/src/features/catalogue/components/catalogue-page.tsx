import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { FIRST_VIEW_CARDS, catalogueGames, useGamesData } from '../api/get-games-data';
import { GameCard } from './game-card';
import './catalogue-page.css';

/** `/games/:lng/`: every catalogue game as a card. */
export function CataloguePage() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const games = useGamesData();
  usePageMeta({ title: t('catalogue.metaTitle'), description: t('catalogue.metaDescription') });

  if (games.isPending) return <FullScreenLoader />;

  const list = catalogueGames(games.data);

  return (
    <section className="catalogue" aria-labelledby="catalogue-title">
      <h1 id="catalogue-title" className="catalogue__title">
        {t('catalogue.title')}
      </h1>
      <p className="catalogue__lead">{t('catalogue.lead')}</p>
      {list.length === 0 ? (
        <p className="catalogue__empty">{games.isError ? t('errors.GET_GAMES_DATA_ERROR') : t('catalogue.empty')}</p>
      ) : (
        <ul className="catalogue__grid">
          {list.map((game, index) => (
            <li key={game.project}>
              <GameCard game={game} lng={lng} inFirstView={index < FIRST_VIEW_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
