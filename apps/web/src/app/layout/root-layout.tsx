import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@portal/contracts/languages';
import { currentLanguage, setLanguage } from '@/shared/i18n/i18n';
import { fixGamesPath, pathLanguageSegment } from '@/shared/i18n/resolve-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { ModalProvider } from '@/shared/ui/modal/modal-provider';
import { Toasts } from '@/shared/ui/toasts';
import { LayoutOptionsProvider } from '@/shared/layout/layout-options';
import { isFramed } from '@/shared/auth/host-message';
import { Header } from './header';
import { toastDurationOf } from './header-embed';
import { Footer } from './footer';
import './root-layout.css';

/** Follows the language of the path (spec section 2) and fixes /games paths without one. */
function useLanguageFromPath(pathname: string): string | undefined {
  const segment = pathLanguageSegment(pathname);
  const fromPath = isLanguage(segment) ? segment : undefined;
  useEffect(() => {
    if (fromPath) void setLanguage(fromPath);
  }, [fromPath]);
  return fixGamesPath(pathname, fromPath ?? currentLanguage());
}

/** The page frame: header, main, footer, the modal host and the toasts. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const fixedPath = useLanguageFromPath(pathname);
  const [framed] = useState(isFramed);
  if (fixedPath) return <Navigate to={`${fixedPath}${search}${hash}`} replace />;

  return (
    <LayoutOptionsProvider>
      <ModalProvider>
        <div className="app-shell">
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
        </div>
        <Toasts autoClose={toastDurationOf(pathname, search, framed)} />
        <ScrollRestoration />
      </ModalProvider>
    </LayoutOptionsProvider>
  );
}
