import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@/shared/paths';
import { currentLanguage } from '@/shared/i18n/i18n';
import './error-screen.css';

/** The router's errorElement: never a blank page. Works even when translations failed. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation(undefined, { useSuspense: false });
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;

  return (
    <main className="error-screen">
      <h1>{t('errors.unexpected', { defaultValue: 'Unexpected Application Error!' })}</h1>
      <p>{status ? `${status}` : t('errors.unexpectedHint', { defaultValue: 'Something went wrong on this page. Please try again.' })}</p>
      {/* A full page load: the app starts afresh. */}
      <a className="button button--primary" href={routes.catalogue.getHref(currentLanguage())}>
        {t('errors.backToGames', { defaultValue: 'Back to games' })}
      </a>
    </main>
  );
}
