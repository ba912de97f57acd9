import { NavLink, Navigate, Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { staffPaths } from '../staff-paths';
import { useCatalogProject } from './api';
import { DirtyProvider, useLeaveGuard } from './editing';
import { GameSection } from './game-section';
import { PricesSection } from './prices-section';
import { SettingsSection } from './settings-section';

/** /staff/catalog/:project: the project's game record, price list and settings, each a section of its own. */
export function ProjectEditor() {
  const { t } = useTranslation();
  const { project = '' } = useParams();
  usePageMeta({ title: `${project} · ${t('staff.catalog.title')} · ${t('staff.title')}` });
  const detail = useCatalogProject(project);
  const guard = useLeaveGuard(t('staff.catalog.leaveWarning'));

  const sections = [
    { to: staffPaths.catalogProject(project), label: t('staff.catalog.sections.game'), end: true },
    { to: staffPaths.catalogSection(project, 'prices'), label: t('staff.catalog.sections.prices'), end: false },
    { to: staffPaths.catalogSection(project, 'settings'), label: t('staff.catalog.sections.settings'), end: false },
  ];

  return (
    <DirtyProvider value={guard.registry}>
      <section className="staff-catalog" aria-labelledby="staff-catalog-project">
        <p className="staff-catalog-back">
          <NavLink to={staffPaths.catalog()} end>
            {t('staff.catalog.back')}
          </NavLink>
        </p>
        <h1 id="staff-catalog-project">{t('staff.catalog.projectTitle', { project })}</h1>
        <nav aria-label={t('staff.catalog.sections.label')} className="staff-catalog-tabs">
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end} className="staff-catalog-tab">
              {section.label}
            </NavLink>
          ))}
        </nav>
        {detail.isPending ? (
          <p role="status">{t('common.loading')}</p>
        ) : detail.isError ? (
          <p role="alert" className="staff-error">
            {detail.error instanceof ApiError && detail.error.status === 404
              ? t('staff.catalog.notFound', { project })
              : detail.error instanceof ApiError && detail.error.status === 403
                ? t('staff.errors.forbidden')
                : t('staff.catalog.loadFailed')}
          </p>
        ) : (
          <Routes>
            <Route index element={<GameSection key={project} detail={detail.data} />} />
            <Route path="prices" element={<PricesSection key={project} detail={detail.data} />} />
            <Route path="settings" element={<SettingsSection key={project} detail={detail.data} />} />
            <Route path="*" element={<Navigate to={staffPaths.catalogProject(project)} replace />} />
          </Routes>
        )}
      </section>
    </DirtyProvider>
  );
}
