import { useTranslation } from 'react-i18next';
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
 * The footer with the legal documents (ru or en variant). Pages tune it through
 * `useLayoutOptions`: game pages hide some entries and colour it; the out-of-catalogue game
 * lists its own documents.
 */
export function Footer() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const { footerVariant = 'portal', hiddenFooterLinks = [], footerBackground } = useLayoutOptionsValue();
  const docLng = lng === 'ru' ? 'ru' : 'en';

  const portalLinks: (FooterLink & { id: FooterLinkId })[] = [
    { id: 'contacts', href: files.legalDoc('Contacts', docLng), label: t('footer.contacts') },
    { id: 'offer', href: files.legalDoc('PublicOffer', docLng), label: t('footer.offer') },
    { id: 'terms', href: files.termsOfUse(), label: t('footer.terms') },
    { id: 'privacy', href: files.legalDoc('PrivacyPolicy', docLng), label: t('footer.privacy') },
    { id: 'personalData', href: files.legalDoc('PersonalData', docLng), label: t('footer.personalData') },
  ];
  const singleGameLinks: FooterLink[] = [
    { id: 'support', href: files.customerSupportChat, label: t('footer.customerSupport') },
    { id: 'terms', href: files.singleGameDoc('TermsOfUse'), label: t('footer.terms') },
    { id: 'privacy', href: files.singleGameDoc('PrivacyPolicy'), label: t('footer.privacy') },
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
