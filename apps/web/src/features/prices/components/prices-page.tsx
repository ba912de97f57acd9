import { useId } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { files, routes } from '@/shared/paths';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { usePrices } from '../api/get-prices';
import { formatPrice } from '@/shared/format-price';
import './prices-page.css';

/**
 * `/prices/:project?` (or `?project=`): the price list of one project, kept in both the path and
 * `?project=`. A project not in the known list goes to /prices; when the settings (the list)
 * cannot be loaded, the project asked for is shown as it is (the price call checks it).
 */
export function PricesPage() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const selectId = useId();
  const project = params.project || search.get('project') || undefined;

  const config = useInitialConfig();
  const settingsFailed = config.isError;
  const known = config.data?.knownProjects ?? (settingsFailed && project ? [project] : []);
  const isKnown = Boolean(project && known.includes(project));
  const prices = usePrices(isKnown ? project : undefined);
  usePageMeta({ title: `${t('prices.title')} · ${t('header.portalName')}` });

  if (config.isPending) return <FullScreenLoader />;
  if (project && !isKnown) return <Navigate to={routes.prices.getHref()} replace />;
  if (project && (params.project !== project || search.get('project') !== project)) {
    // The host's other values (source, session, locale) stay with it.
    const kept = new URLSearchParams(search);
    kept.delete('project');
    const rest = kept.toString();
    return <Navigate to={`${routes.prices.getHref(project)}${rest ? `&${rest}` : ''}`} replace />;
  }

  return (
    <section className="prices" aria-labelledby="prices-title">
      <h1 id="prices-title">{t('prices.title')}</h1>
      <div className="prices__picker">
        <label htmlFor={selectId}>{t('prices.project')}</label>
        <select
          id={selectId}
          value={project ?? ''}
          onChange={(event) => {
            const next = event.target.value;
            navigate(next ? routes.prices.getHref(next) : routes.prices.getHref());
          }}
        >
          <option value="" disabled={Boolean(project)}>
            {t('prices.chooseProject')}
          </option>
          {known.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>

      {!project ? (
        <p className="prices__hint">{t('prices.hint')}</p>
      ) : prices.isPending ? (
        <FullScreenLoader />
      ) : prices.isError ? (
        <p className="prices__hint">{t('errors.GET_PRICES_CONTROL_ERROR')}</p>
      ) : prices.data.length === 0 ? (
        <p className="prices__hint">{t('prices.noPrices')}</p>
      ) : (
        <table className="prices__table">
          <caption className="visually-hidden">{t('prices.caption', { project })}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('prices.logo')}</span>
              </th>
              <th scope="col">{t('prices.item')}</th>
              <th scope="col">{t('prices.price')}</th>
            </tr>
          </thead>
          <tbody>
            {prices.data.map((item) => {
              const view = formatPrice(item, lng);
              return (
                <tr key={item.id}>
                  <td className="prices__logo">
                    <img src={files.priceLogo(item.id, item.logoName)} alt={view.title} width={48} height={48} loading="lazy" />
                  </td>
                  <td>{view.title}</td>
                  <td className="prices__value">{view.value}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
