import { useTranslation } from 'react-i18next';
import { files } from '@/shared/paths';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import './deletion-personal-data-page.css';

/** How to ask for the deletion of one's personal data: a mail to support, prefilled. */
export function DeletionPersonalDataPage() {
  const { t } = useTranslation();
  const subject = t('deletion.mailSubject');
  const body = t('deletion.mailBody');
  const href = `mailto:${files.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  usePageMeta({ title: `${t('deletion.title')} · ${t('header.portalName')}` });

  return (
    <section className="deletion-page">
      <h1>{t('deletion.title')}</h1>
      <p>{t('deletion.text')}</p>
      <p>{t('deletion.whatToInclude')}</p>
      <a className="button button--primary" href={href}>
        {t('deletion.link')}
      </a>
      <p className="deletion-page__address">
        {t('deletion.address')} <a href={`mailto:${files.supportEmail}`}>{files.supportEmail}</a>
      </p>
    </section>
  );
}
