import type { LegalDoc, TInitialConfig } from '@portal/contracts/control';
import { FALLBACK_LANGUAGE, type Language } from '@portal/contracts/languages';
import { files } from './paths';

type LegalDocs = NonNullable<TInitialConfig['projects']['legalDocs']>;

/** The portal's own documents under /docs, in the ru or en variant (terms of use only in English). */
export const PORTAL_LEGAL_DOCS: Record<LegalDoc, (lng: Language) => string> = {
  contacts: (lng) => files.legalDoc('Contacts', lng),
  publicOffer: (lng) => files.legalDoc('PublicOffer', lng),
  termsOfUse: () => files.termsOfUse(),
  privacyPolicy: (lng) => files.legalDoc('PrivacyPolicy', lng),
  personalData: (lng) => files.legalDoc('PersonalData', lng),
};

/**
 * Where a legal document opens: the project's own address in this language, else its English
 * one, else `fallback` (the portal's /docs file by default).
 */
export function legalDocHref(doc: LegalDoc, lng: Language, legalDocs: LegalDocs | undefined, fallback?: string): string {
  const own = legalDocs?.[lng]?.[doc] ?? legalDocs?.[FALLBACK_LANGUAGE]?.[doc];
  return own || (fallback ?? PORTAL_LEGAL_DOCS[doc](lng));
}
