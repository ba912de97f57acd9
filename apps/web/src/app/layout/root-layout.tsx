import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage, isPortalLanguage } from '@portal/contracts/languages';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { portalLanguageNow, setLanguage, showPortalLanguage } from '@/shared/i18n/i18n';
import { fixGamesPath, pathLanguageSegment } from '@/shared/i18n/resolve-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useLoaderShown } from '@/shared/ui/loader-presence';
import { ModalProvider } from '@/shared/ui/modal/modal-provider';
import { Toasts } from '@/shared/ui/toasts';
import { LayoutOptionsProvider } from '@/shared/layout/layout-options';
import { isFramed } from '@/shared/auth/host-message';
import { Header } from './header';
import { isPortalPage, toastDurationOf } from './header-embed';
import { Footer } from './footer';
import './root-layout.css';

/**
 * Follows the language of the path and fixes /games paths without one. A
 * portal page speaks ru or en only: another language in the path is replaced, and another
 * interface language (a German browser, a choice made on a host's screens) shows as ru or en.
 */
function useLanguageFromPath(pathname: string, portal: boolean): string | undefined {
  const segment = pathLanguageSegment(pathname);
  const fromPath = portal ? (isPortalLanguage(segment) ? segment : undefined) : isLanguage(segment) ? segment : undefined;
  const current = useCurrentLanguage();
  useEffect(() => {
    if (fromPath) void setLanguage(fromPath);
  }, [fromPath]);
  // Only a language the portal does not speak is corrected (a change to ru or en stands).
  useEffect(() => {
    if (portal && !isPortalLanguage(current)) showPortalLanguage();
  }, [portal, current]);
  return fixGamesPath(pathname, isPortalLanguage(fromPath) ? fromPath : portalLanguageNow());
}

/** The page frame: header, main, footer, the modal host and the toasts. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const [framed] = useState(isFramed);
  const fixedPath = useLanguageFromPath(pathname, isPortalPage(pathname, search, framed));
  const pinnedFooter = useLoaderShown();
  if (fixedPath) return <Navigate to={`${fixedPath}${search}${hash}`} replace />;

  return (
    <LayoutOptionsProvider>
      <ModalProvider>
        <div className={pinnedFooter ? 'app-shell app-shell--loading' : 'app-shell'}>
          <a href="#main" className="skip-link">
            {t('common.skipToContent')}
          </a>
          <Header />
          <main id="main" className="app-main">
            <Suspense fallback={<FullScreenLoader />}>
              <Outlet />
            </Suspense>
          </main>
          <Footer />
          {/* A full-screen loader pins the footer to the bottom (the spec): a fixed copy shows while
              the page's own one, hidden, keeps its place, so nothing moves when the page arrives. */}
          {pinnedFooter ? (
            <div className="app-footer-pinned">
              <Footer />
            </div>
          ) : null}
        </div>
        <Toasts autoClose={toastDurationOf(pathname, search, framed)} />
        <ScrollRestoration />
      </ModalProvider>
    </LayoutOptionsProvider>
  );
}
