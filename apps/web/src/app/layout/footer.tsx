import { useTranslation } from 'react-i18next';
import { getRequestContext } from '@/shared/api/client';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { legalDocHref } from '@/shared/legal-docs';
import { files } from '@/shared/paths';
import { useCurrentLanguage } from '@/shared/hooks/use-current-language';
import { useLayoutOptionsValue, type FooterLinkId } from '@/shared/layout/layout-options';
import { isLightColor } from '@/shared/ui/readable-text';
import './footer.css';

interface FooterLink {
  id: string;
  href: string;
  label: string;
}

/**
 * The footer with the legal documents: the project's own addresses where the console set
 * them, else the portal's /docs files (ru or en variant). Pages tune it through
 * `useLayoutOptions`: game pages hide some entries, colour it and name their project; the
 * out-of-catalogue game lists its own documents.
 */
export function Footer() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const { footerVariant = 'portal', hiddenFooterLinks = [], footerBackground, project } = useLayoutOptionsValue();
  const legalDocs = useInitialConfig(project ?? getRequestContext().project ?? undefined).data?.projects.legalDocs;

  const portalLinks: (FooterLink & { id: FooterLinkId })[] = [
    { id: 'contacts', href: legalDocHref('contacts', lng, legalDocs), label: t('footer.contacts') },
    { id: 'offer', href: legalDocHref('publicOffer', lng, legalDocs), label: t('footer.offer') },
    { id: 'terms', href: legalDocHref('termsOfUse', lng, legalDocs), label: t('footer.terms') },
    { id: 'privacy', href: legalDocHref('privacyPolicy', lng, legalDocs), label: t('footer.privacy') },
    { id: 'personalData', href: legalDocHref('personalData', lng, legalDocs), label: t('footer.personalData') },
  ];
  const singleGameLinks: FooterLink[] = [
    { id: 'support', href: files.customerSupportChat, label: t('footer.customerSupport') },
    { id: 'terms', href: legalDocHref('termsOfUse', lng, legalDocs, files.singleGameDoc('TermsOfUse')), label: t('footer.terms') },
    {
      id: 'privacy',
      href: legalDocHref('privacyPolicy', lng, legalDocs, files.singleGameDoc('PrivacyPolicy')),
      label: t('footer.privacy'),
    },
    { id: 'exemption', href: files.singleGameDoc('ContentExemption'), label: t('footer.contentExemption') },
    { id: 'complaints', href: files.singleGameDoc('Complaints'), label: t('footer.complaints') },
  ];

  const links = footerVariant === 'single-game' ? singleGameLinks : portalLinks.filter((link) => !hiddenFooterLinks.includes(link.id));
  const showLlc = footerVariant === 'portal' && !hiddenFooterLinks.includes('llc');

  return (
    <footer
      className={`site-footer${footerBackground ? (isLightColor(footerBackground) ? ' site-footer--light' : ' site-footer--custom') : ''}`}
      style={footerBackground ? { background: footerBackground } : undefined}
    >
      <div className="site-footer__inner">
        <nav aria-label={t('footer.documents')}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.id}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {showLlc && <p className="site-footer__llc">{t('footer.llc', { year: new Date().getFullYear() })}</p>}
      </div>
    </footer>
  );
}
