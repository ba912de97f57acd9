import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isLanguage } from '@portal/contracts/languages';

/**
 * Shows `children` in `language` (a host's locale) without switching the page's own
 * language: a clone of the interface's i18n instance (same resources and loader) in
 * `language`, given to the subtree. Until that language's texts are loaded nothing is drawn.
 * An unknown language, or the page's own, leaves the subtree as it is.
 */
export function ScopedLanguage({ language, children }: { language: string | null | undefined; children: ReactNode }) {
  const { i18n } = useTranslation();
  const pageLanguage = i18n.resolvedLanguage ?? i18n.language;
  const wanted = isLanguage(language) && language !== pageLanguage ? language : null;
  const [scoped, setScoped] = useState<{ language: string; instance: I18n } | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const instance = i18n.cloneInstance({ lng: wanted }, () => {
      if (live) setScoped({ language: wanted, instance });
    });
    return () => {
      live = false;
    };
  }, [i18n, wanted]);

  if (!wanted) return children;
  if (scoped?.language !== wanted) return null;
  return (
    <I18nextProvider i18n={scoped.instance}>
      <div lang={wanted} className="scoped-language">
        {children}
      </div>
    </I18nextProvider>
  );
}
