import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../hooks/use-page-meta';
import './placeholder-screen.css';

/** A screen whose feature comes in a later issue: its route, a heading and a short note. */
export function PlaceholderScreen({ titleKey, title }: { titleKey: string; title?: string }) {
  const { t } = useTranslation();
  const heading = title ?? t(titleKey);
  usePageMeta({ title: `${heading} · ${t('header.portalName')}` });
  return (
    <section className="placeholder-screen">
      <h1>{heading}</h1>
      <p>{t('common.comingSoon')}</p>
    </section>
  );
}
