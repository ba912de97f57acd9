import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZConsoleProjectUpdate,
  type CatalogImageKind,
  type TConsoleProject,
  type TConsoleProjectDetail,
} from '@portal/contracts/catalog-console';
import { FAILED_ATTEMPT_LIMIT_RANGE, LEGAL_DOCS, type LegalDoc, type TSingleGameSettings } from '@portal/contracts/control';
import {
  AUTH_METHODS,
  AUTH_TYPES,
  PAYMENT_PROVIDERS,
  DEFAULT_FAILED_ATTEMPT_LIMIT,
  type AuthType,
} from '@portal/contracts/control-constants';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import { LANGUAGE_NAMES } from '@/shared/i18n/i18n';
import { PORTAL_LEGAL_DOCS } from '@/shared/legal-docs';
import { assetUrl } from '@/shared/asset-url';
import { useSaveProject } from './api';
import { FieldError, SortOrderField, linesOf } from './catalog-page';
import { EditStatus } from './edit-status';
import { conflictOf, fieldErrorsOf, useRecordEditor, useReportDirty, zodFieldErrors, type FieldErrors } from './editing';
import { ImageField } from './image-field';

/** Sign-in and payment services by their own names (the same in every language). */
const BRANDS: Record<string, string> = {
  google: 'Google',
  google_adult: 'Google (18+)',
  apple: 'Apple',
  vk: 'VK',
  yandex: 'Yandex',
  tg: 'Telegram',
  facebook: 'Facebook',
  stripe: 'Stripe',
  yookassa: 'YooKassa',
  'yandex-pay': 'Yandex Pay',
};

/** Page metadata typed in: the plain texts, then those of link previews (Open Graph). */
const SEO_TEXT_KEYS = ['title', 'description', 'keywords', 'ogTitle', 'ogDescription', 'ogSiteName', 'ogUrl'] as const;
/** Page metadata uploaded, each checked against where it is shown. The type of link previews is always website. */
const SEO_IMAGE_KINDS = { ogImage: 'ogImage', faviconImage: 'favicon', appleTouchImage: 'appleTouchIcon' } as const;
const SEO_IMAGE_KEYS = Object.keys(SEO_IMAGE_KINDS) as (keyof typeof SEO_IMAGE_KINDS)[];
const SEO_KEYS = [...SEO_TEXT_KEYS, ...SEO_IMAGE_KEYS];
type Seo = Record<(typeof SEO_KEYS)[number], string>;
type Legal = Record<LegalDoc, string>;
type SettingsDraft = {
  hostNames: string;
  authType: AuthType;
  authMethods: string[];
  paymentsMethods: string[];
  backgroundColor: string;
  failedAttemptLimit: string;
  outOfCatalog: boolean;
  sortOrder: string;
  seo: Record<Language, Seo>;
  legal: Record<Language, Legal>;
  singleGame: boolean;
  singleGameSettings: TSingleGameSettings;
};

const SINGLE_GAME_KEYS = [
  'iframeSrc',
  'backgroundImageFile',
  'backgroundFile',
  'popupFile',
  'popupSmallFile',
  'verificationBtnFile',
  'verificationSmallBtnFile',
] as const;
/** The single-game site's art, uploaded, each checked against where the site shows it. */
const SINGLE_GAME_ART_KINDS = {
  backgroundImageFile: 'singleGameBackground',
  backgroundFile: 'singleGameBackgroundSmall',
  popupFile: 'singleGamePopup',
  popupSmallFile: 'singleGamePopupSmall',
  verificationBtnFile: 'singleGameButton',
  verificationSmallBtnFile: 'singleGameButtonSmall',
} as const satisfies Partial<Record<(typeof SINGLE_GAME_KEYS)[number], CatalogImageKind>>;
const SINGLE_GAME_ART_KEYS = Object.keys(SINGLE_GAME_ART_KINDS) as (keyof typeof SINGLE_GAME_ART_KINDS)[];
const NO_SINGLE_GAME: TSingleGameSettings = Object.fromEntries(SINGLE_GAME_KEYS.map((key) => [key, ''])) as TSingleGameSettings;

const extraOf = (project: TConsoleProject, id: string) => project.extra.find((item) => item.id === id)?.value;

const toDraft = (project: TConsoleProject): SettingsDraft => ({
  hostNames: project.hostNames.join('\n'),
  authType: project.authType,
  authMethods: [...project.authMethods],
  paymentsMethods: [...project.paymentsMethods],
  backgroundColor: String(extraOf(project, 'backgroundColor') ?? ''),
  failedAttemptLimit: String(extraOf(project, 'failedAttemptLimit') ?? ''),
  outOfCatalog: project.outOfCatalog,
  sortOrder: String(project.sortOrder),
  seo: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, Object.fromEntries(SEO_KEYS.map((key) => [key, project.seoData[lng]?.[key] ?? '']))]),
  ) as Record<Language, Seo>,
  legal: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, Object.fromEntries(LEGAL_DOCS.map((doc) => [doc, project.legalDocs[lng]?.[doc] ?? '']))]),
  ) as Record<Language, Legal>,
  singleGame: project.singleGameSettings !== null,
  singleGameSettings: { ...NO_SINGLE_GAME, ...project.singleGameSettings },
});

/** The update a draft stands for: other extra values and page metadata fields are kept as they are. */
function toUpdate(draft: SettingsDraft, base: TConsoleProject) {
  const extra = base.extra.filter((item) => item.id !== 'backgroundColor' && item.id !== 'failedAttemptLimit');
  if (draft.backgroundColor.trim()) extra.push({ id: 'backgroundColor', value: draft.backgroundColor.trim() });
  if (draft.failedAttemptLimit.trim()) extra.push({ id: 'failedAttemptLimit', value: Number(draft.failedAttemptLimit) });
  const seoData = Object.fromEntries(
    LANGUAGES.map((lng) => {
      const kept = { ...base.seoData[lng] };
      for (const key of SEO_KEYS) {
        const value = draft.seo[lng][key].trim();
        if (value) kept[key] = value;
        else delete kept[key];
      }
      return [lng, kept];
    }).filter(([, seo]) => Object.keys(seo as object).length > 0),
  );
  const legalDocs = Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      Object.fromEntries(LEGAL_DOCS.map((doc) => [doc, draft.legal[lng][doc].trim()]).filter(([, address]) => address)),
    ]).filter(([, docs]) => Object.keys(docs as object).length > 0),
  );
  return {
    version: base.version,
    hostNames: linesOf(draft.hostNames),
    authType: draft.authType,
    authMethods: draft.authMethods,
    paymentsMethods: draft.paymentsMethods,
    extra,
    outOfCatalog: draft.outOfCatalog,
    sortOrder: draft.sortOrder.trim() === '' ? Number.NaN : Number(draft.sortOrder),
    seoData,
    legalDocs,
    singleGameSettings: draft.singleGame
      ? (Object.fromEntries(SINGLE_GAME_KEYS.map((key) => [key, draft.singleGameSettings[key].trim()])) as TSingleGameSettings)
      : null,
  };
}

/** The project's settings: host names, sign-in and payment methods, look, catalogue listing and page metadata. */
export function SettingsSection({ detail }: { detail: TConsoleProjectDetail }) {
  const { t } = useTranslation();
  const save = useSaveProject(detail.project.name);
  const editor = useRecordEditor(detail.project, toDraft);
  const { draft, setDraft } = editor;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [language, setLanguage] = useState<Language>(FALLBACK_LANGUAGE);
  const [legalLanguage, setLegalLanguage] = useState<Language>(FALLBACK_LANGUAGE);
  const id = useId();
  useReportDirty('settings', editor.dirty);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setSeo = (key: keyof Seo, value: string) =>
    setDraft((current) => ({ ...current, seo: { ...current.seo, [language]: { ...current.seo[language], [key]: value } } }));
  const setSingleGame = (key: keyof TSingleGameSettings, value: string) =>
    setDraft((current) => ({ ...current, singleGameSettings: { ...current.singleGameSettings, [key]: value } }));
  const setLegal = (doc: LegalDoc, value: string) =>
    setDraft((current) => ({
      ...current,
      legal: { ...current.legal, [legalLanguage]: { ...current.legal[legalLanguage], [doc]: value } },
    }));
  /** A legal address refused (here or by the server) is told in the editor's language, in the language it was typed for. */
  const withLegalErrors = (found: FieldErrors): FieldErrors => {
    const legal = Object.keys(found).filter((key) => key.startsWith('legalDocs.'));
    if (legal.length === 0) return found;
    const first = legal[0]!.split('.')[1];
    if (first && (LANGUAGES as readonly string[]).includes(first)) setLegalLanguage(first as Language);
    return {
      ...found,
      ...Object.fromEntries(legal.map((key) => [key, t('staff.catalog.seoLegal.legal.invalid')])),
    };
  };
  const toggle = (key: 'authMethods' | 'paymentsMethods', value: string, on: boolean) =>
    setDraft((current) => ({ ...current, [key]: on ? [...current[key], value] : current[key].filter((item) => item !== value) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const limit = draft.failedAttemptLimit.trim();
    const { min, max } = FAILED_ATTEMPT_LIMIT_RANGE;
    if (limit && !(Number.isInteger(Number(limit)) && Number(limit) >= min && Number(limit) <= max)) {
      setErrors({ failedAttemptLimit: t('staff.catalog.settings.limitInvalid') });
      return;
    }
    const parsed = ZConsoleProjectUpdate.safeParse(toUpdate(draft, editor.base));
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      setErrors(
        withLegalErrors(
          Object.fromEntries(
            Object.keys(found).map((key) =>
              key.startsWith('legalDocs.')
                ? [key, found[key]!]
                : [
                    key.split('.')[0]!,
                    key.startsWith('hostNames') ? t('staff.catalog.settings.hostNamesHint') : t('staff.catalog.errors.sortOrder'),
                  ],
            ),
          ),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        editor.saved(saved);
        setSavedAt(Date.now());
      },
      onError: (error) => {
        const theirs = conflictOf<TConsoleProject>(error);
        if (theirs) editor.setConflict(theirs);
        setErrors(withLegalErrors(fieldErrorsOf(error) ?? {}));
      },
    });
  };

  const seoLabel = (key: keyof Seo) =>
    key === 'title' || key === 'description' || key === 'keywords'
      ? t(`staff.catalog.settings.seoFields.${key}`)
      : t(`staff.catalog.seoLegal.seoFields.${key}`);
  const errorOf = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
  const invalid = (key: string) => (errorOf(key) ? ('true' as const) : ('false' as const));

  return (
    <form onSubmit={onSubmit} noValidate className="staff-catalog-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staff.catalog.settings.title')}</h2>
      <fieldset className="staff-card">
        <legend>{t('staff.catalog.settings.access')}</legend>
        <div className="staff-field">
          <label htmlFor={`${id}-hosts`}>{t('staff.catalog.settings.hostNames')}</label>
          <textarea
            id={`${id}-hosts`}
            rows={3}
            value={draft.hostNames}
            aria-invalid={invalid('hostNames')}
            aria-describedby={`${id}-hosts-hint ${id}-hosts-error`}
            onChange={(event) => set('hostNames', event.target.value)}
          />
          <span id={`${id}-hosts-hint`} className="staff-muted">
            {t('staff.catalog.settings.hostNamesHint')}
          </span>
          <FieldError id={`${id}-hosts-error`} message={errorOf('hostNames')} />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-auth`}>{t('staff.catalog.settings.authType')}</label>
          <select id={`${id}-auth`} value={draft.authType} onChange={(event) => set('authType', event.target.value as AuthType)}>
            {AUTH_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`staff.catalog.settings.authTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="staff-catalog-checks">
          <legend>{t('staff.catalog.settings.authMethods')}</legend>
          {AUTH_METHODS.map((method) => (
            <div key={method} className="staff-check">
              <input
                id={`${id}-am-${method}`}
                type="checkbox"
                checked={draft.authMethods.includes(method)}
                onChange={(event) => toggle('authMethods', method, event.target.checked)}
              />
              <label htmlFor={`${id}-am-${method}`}>{method === 'mail' ? t('staff.catalog.settings.mail') : BRANDS[method]}</label>
            </div>
          ))}
        </fieldset>
        <fieldset className="staff-catalog-checks">
          <legend>{t('staff.catalog.settings.paymentsMethods')}</legend>
          {PAYMENT_PROVIDERS.map((provider) => (
            <div key={provider} className="staff-check">
              <input
                id={`${id}-pm-${provider}`}
                type="checkbox"
                checked={draft.paymentsMethods.includes(provider)}
                onChange={(event) => toggle('paymentsMethods', provider, event.target.checked)}
              />
              <label htmlFor={`${id}-pm-${provider}`}>{BRANDS[provider]}</label>
            </div>
          ))}
        </fieldset>
        <div className="staff-catalog-row">
          <div className="staff-field">
            <label htmlFor={`${id}-bg`}>{t('staff.catalog.settings.backgroundColor')}</label>
            <input
              id={`${id}-bg`}
              value={draft.backgroundColor}
              placeholder="#1d6f42"
              onChange={(event) => set('backgroundColor', event.target.value)}
            />
          </div>
          <div className="staff-field">
            <label htmlFor={`${id}-limit`}>{t('staff.catalog.settings.failedAttemptLimit')}</label>
            <input
              id={`${id}-limit`}
              inputMode="numeric"
              value={draft.failedAttemptLimit}
              placeholder={String(DEFAULT_FAILED_ATTEMPT_LIMIT)}
              aria-invalid={invalid('failedAttemptLimit')}
              aria-describedby={`${id}-limit-error`}
              onChange={(event) => set('failedAttemptLimit', event.target.value)}
            />
            <FieldError id={`${id}-limit-error`} message={errorOf('failedAttemptLimit')} />
          </div>
        </div>
      </fieldset>

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.settings.listing')}</legend>
        <div className="staff-check">
          <input
            id={`${id}-out`}
            type="checkbox"
            checked={draft.outOfCatalog}
            onChange={(event) => set('outOfCatalog', event.target.checked)}
          />
          <label htmlFor={`${id}-out`}>{t('staff.catalog.settings.outOfCatalog')}</label>
        </div>
        <SortOrderField
          id={`${id}-order`}
          value={draft.sortOrder}
          invalid={Boolean(errorOf('sortOrder'))}
          onChange={(value) => set('sortOrder', value)}
        />
      </fieldset>

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.settings.seo')}</legend>
        <div className="staff-field staff-field--inline">
          <label htmlFor={`${id}-seo-lang`}>{t('staff.catalog.game.textLanguage')}</label>
          <select id={`${id}-seo-lang`} value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {LANGUAGE_NAMES[lng]}
                {SEO_KEYS.every((key) => !draft.seo[lng][key]) ? ` (${t('staff.catalog.game.missing')})` : ''}
              </option>
            ))}
          </select>
        </div>
        {SEO_TEXT_KEYS.map((key) => (
          <div key={key} className="staff-field">
            <label htmlFor={`${id}-seo-${key}`}>{seoLabel(key)}</label>
            <input
              id={`${id}-seo-${key}`}
              lang={language}
              inputMode={key === 'ogUrl' ? 'url' : undefined}
              value={draft.seo[language][key]}
              placeholder={language === FALLBACK_LANGUAGE ? '' : draft.seo[FALLBACK_LANGUAGE][key]}
              onChange={(event) => setSeo(key, event.target.value)}
            />
          </div>
        ))}
        {SEO_IMAGE_KEYS.map((key) => (
          <ImageField
            // One per language: an upload's message belongs to the language it was made in.
            key={`${key}-${language}`}
            label={seoLabel(key)}
            value={draft.seo[language][key]}
            onChange={(value) => setSeo(key, value)}
            store="url"
            previewOf={assetUrl}
            kind={SEO_IMAGE_KINDS[key]}
          />
        ))}
      </fieldset>

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.seoLegal.legal.title')}</legend>
        <p id={`${id}-legal-hint`} className="staff-muted">
          {t('staff.catalog.seoLegal.legal.hint')}
        </p>
        <div className="staff-field staff-field--inline">
          <label htmlFor={`${id}-legal-lang`}>{t('staff.catalog.seoLegal.legal.language')}</label>
          <select id={`${id}-legal-lang`} value={legalLanguage} onChange={(event) => setLegalLanguage(event.target.value as Language)}>
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {LANGUAGE_NAMES[lng]}
              </option>
            ))}
          </select>
        </div>
        {LEGAL_DOCS.map((doc) => {
          const key = `legalDocs.${legalLanguage}.${doc}`;
          return (
            <div key={doc} className="staff-field">
              <label htmlFor={`${id}-legal-${doc}`}>{t(`staff.catalog.seoLegal.legal.docs.${doc}`)}</label>
              <input
                id={`${id}-legal-${doc}`}
                inputMode="url"
                value={draft.legal[legalLanguage][doc]}
                placeholder={
                  legalLanguage !== FALLBACK_LANGUAGE && draft.legal[FALLBACK_LANGUAGE][doc]
                    ? draft.legal[FALLBACK_LANGUAGE][doc]
                    : PORTAL_LEGAL_DOCS[doc](legalLanguage)
                }
                aria-invalid={invalid(key)}
                aria-describedby={`${id}-legal-hint ${id}-legal-${doc}-error`}
                onChange={(event) => setLegal(doc, event.target.value)}
              />
              <FieldError id={`${id}-legal-${doc}-error`} message={errorOf(key)} />
            </div>
          );
        })}
      </fieldset>

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.settings.singleGame.title')}</legend>
        <div className="staff-check">
          <input
            id={`${id}-single`}
            type="checkbox"
            checked={draft.singleGame}
            onChange={(event) => set('singleGame', event.target.checked)}
          />
          <label htmlFor={`${id}-single`}>{t('staff.catalog.settings.singleGame.enabled')}</label>
        </div>
        {draft.singleGame && (
          <>
            <div className="staff-field">
              <label htmlFor={`${id}-sg-iframeSrc`}>{t('staff.catalog.settings.singleGame.iframeSrc')}</label>
              <input
                id={`${id}-sg-iframeSrc`}
                inputMode="url"
                value={draft.singleGameSettings.iframeSrc}
                onChange={(event) => setSingleGame('iframeSrc', event.target.value)}
              />
            </div>
            {SINGLE_GAME_ART_KEYS.map((key) => (
              <ImageField
                key={key}
                label={t(`staff.catalog.settings.singleGame.${key}`)}
                hint={t(`staff.catalog.singleGameArt.where.${key}`)}
                value={draft.singleGameSettings[key]}
                onChange={(value) => setSingleGame(key, value)}
                store="url"
                previewOf={assetUrl}
                kind={SINGLE_GAME_ART_KINDS[key]}
              />
            ))}
          </>
        )}
      </fieldset>

      <EditStatus
        what={t('staff.catalog.settings.what')}
        saving={save.isPending}
        savedAt={savedAt}
        dirty={editor.dirty}
        failed={save.isError && !fieldErrorsOf(save.error) && !editor.conflict}
        conflict={Boolean(editor.conflict)}
        onLoadTheirs={editor.loadTheirs}
        onKeepMine={editor.keepMine}
      />
    </form>
  );
}
