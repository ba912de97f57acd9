import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogImageKind, TConsoleGame, TConsoleProjectDetail } from '@portal/contracts/catalog-console';
import { ZConsoleGameUpdate } from '@portal/contracts/catalog-console';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import { LANGUAGE_NAMES } from '@/shared/i18n/i18n';
import { assetUrl } from '@/shared/asset-url';
import { useSaveGame } from './api';
import { FieldError, SortOrderField } from './catalog-page';
import { EditStatus } from './edit-status';
import { conflictOf, fieldErrorsOf, useRecordEditor, useReportDirty, zodFieldErrors, type FieldErrors } from './editing';
import { GameOriginsField } from './game-origins-field';
import { ImageField } from './image-field';

type Texts = { name: string; cardDescription: string; fullDescription: string };
type GameDraft = {
  localization: Record<Language, Texts>;
  iframeUrl: string;
  inDevelop: boolean;
  isActive: boolean;
  cardLogoImage: string;
  gameImage: string;
  projectBackgroundFile: string;
  cardBackgroundColor: string;
  footerBackgroundColor: string;
  sortOrder: string;
  archived: boolean;
  extraOrigins: string[];
};
const TEXT_KEYS = ['name', 'cardDescription', 'fullDescription'] as const;
const IMAGE_KEYS = ['cardLogoImage', 'gameImage', 'projectBackgroundFile'] as const;
/** Where each image is shown, for the size check of its upload. */
const IMAGE_KINDS: Record<(typeof IMAGE_KEYS)[number], CatalogImageKind> = {
  cardLogoImage: 'cardLogo',
  gameImage: 'gameImage',
  projectBackgroundFile: 'background',
};

const toDraft = (game: TConsoleGame): GameDraft => ({
  localization: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, { name: '', cardDescription: '', fullDescription: '', ...game.localization[lng] }]),
  ) as Record<Language, Texts>,
  iframeUrl: game.webPage?.iframeUrl ?? '',
  inDevelop: game.webPage?.inDevelop ?? false,
  isActive: game.webPage?.isActive ?? true,
  cardLogoImage: game.webPage?.cardLogoImage ?? '',
  gameImage: game.webPage?.gameImage ?? '',
  projectBackgroundFile: game.webPage?.projectBackgroundFile ?? '',
  cardBackgroundColor: game.webPage?.cardBackgroundColor ?? '',
  footerBackgroundColor: game.webPage?.footerBackgroundColor ?? '',
  sortOrder: String(game.sortOrder),
  archived: game.archived,
  extraOrigins: game.extraOrigins ?? [],
});

const isMissing = (texts: Texts) => TEXT_KEYS.every((key) => !texts[key].trim());

/** The extra origins typed, without the empty rows, each with the row it came from. */
const typedOrigins = (draft: GameDraft) =>
  draft.extraOrigins.map((origin, row) => ({ origin: origin.trim(), row })).filter(({ origin }) => origin !== '');

/** Field messages about `extraOrigins.<sent index>` moved to the row the origin was typed in. */
function onOriginRows(errors: FieldErrors, draft: GameDraft): FieldErrors {
  const rows = typedOrigins(draft).map(({ row }) => row);
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => {
      const match = /^extraOrigins\.(\d+)$/.exec(key);
      const row = match ? rows[Number(match[1])] : undefined;
      return [row === undefined ? key : `extraOrigins.${row}`, message];
    }),
  );
}

/** The update a draft stands for: languages left empty are left out (the portal shows English for them). */
function toUpdate(draft: GameDraft, version: number) {
  const localization = Object.fromEntries(
    LANGUAGES.filter((lng) => !isMissing(draft.localization[lng])).map((lng) => [lng, draft.localization[lng]]),
  );
  const hasPage = Boolean(draft.iframeUrl.trim() || IMAGE_KEYS.some((key) => draft[key].trim()));
  return {
    version,
    localization,
    webPage: hasPage
      ? {
          iframeUrl: draft.iframeUrl.trim(),
          inDevelop: draft.inDevelop,
          isActive: draft.isActive,
          cardLogoImage: draft.cardLogoImage.trim(),
          gameImage: draft.gameImage.trim(),
          projectBackgroundFile: draft.projectBackgroundFile.trim(),
          cardBackgroundColor: draft.cardBackgroundColor.trim() || null,
          footerBackgroundColor: draft.footerBackgroundColor.trim() || null,
        }
      : null,
    sortOrder: draft.sortOrder.trim() === '' ? Number.NaN : Number(draft.sortOrder),
    archived: draft.archived,
    extraOrigins: typedOrigins(draft).map(({ origin }) => origin),
  };
}

/** The game record: its texts in ten languages, images, address, state, order and archiving. */
export function GameSection({ detail }: { detail: TConsoleProjectDetail }) {
  const { t } = useTranslation();
  const save = useSaveGame(detail.project.name);
  const editor = useRecordEditor(detail.game, toDraft);
  const { draft, setDraft } = editor;
  const [language, setLanguage] = useState<Language>(FALLBACK_LANGUAGE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const id = useId();
  useReportDirty('game', editor.dirty);

  const set = <K extends keyof GameDraft>(key: K, value: GameDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setText = (key: keyof Texts, value: string) =>
    setDraft((current) => ({
      ...current,
      localization: { ...current.localization, [language]: { ...current.localization[language], [key]: value } },
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZConsoleGameUpdate.safeParse(toUpdate(draft, editor.base.version));
    if (!parsed.success) {
      setErrors(onOriginRows(zodFieldErrors(parsed.error), draft));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        editor.saved(saved);
        setSavedAt(Date.now());
      },
      onError: (error) => {
        const theirs = conflictOf<TConsoleGame>(error);
        if (theirs) editor.setConflict(theirs);
        setErrors(onOriginRows(fieldErrorsOf(error) ?? {}, draft));
      },
    });
  };

  const texts = draft.localization[language];
  const english = draft.localization[FALLBACK_LANGUAGE];
  const errorOf = (key: string): string | undefined => errors[key];
  const invalid = (key: string) => (errorOf(key) ? ('true' as const) : ('false' as const));
  const failedWhole = save.isError && !fieldErrorsOf(save.error) && !editor.conflict;

  return (
    <form onSubmit={onSubmit} noValidate className="staff-catalog-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staff.catalog.game.title')}</h2>

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.game.texts')}</legend>
        <div role="group" aria-label={t('staff.catalog.game.textLanguage')} className="staff-catalog-langs">
          {LANGUAGES.map((lng) => {
            const missing = isMissing(draft.localization[lng]);
            return (
              <button
                key={lng}
                type="button"
                lang={lng}
                className={`staff-catalog-lang${missing ? ' staff-catalog-lang--missing' : ''}`}
                aria-pressed={language === lng}
                onClick={() => setLanguage(lng)}
              >
                {LANGUAGE_NAMES[lng]}
                {missing && <span className="staff-badge staff-badge--missing">{t('staff.catalog.game.missing')}</span>}
              </button>
            );
          })}
        </div>
        <p className="staff-muted" role="note">
          {isMissing(texts) && language !== FALLBACK_LANGUAGE
            ? t('staff.catalog.game.missingNote', { language: LANGUAGE_NAMES[language] })
            : t('staff.catalog.game.editing', { language: LANGUAGE_NAMES[language] })}
        </p>
        {TEXT_KEYS.map((key) => {
          const fieldId = `${id}-${key}`;
          const path = `localization.${language}.${key}`;
          const props = {
            id: fieldId,
            lang: language,
            value: texts[key],
            placeholder: language === FALLBACK_LANGUAGE ? '' : english[key],
            'aria-invalid': invalid(path),
            'aria-describedby': `${fieldId}-error`,
            onChange: (event: { target: { value: string } }) => setText(key, event.target.value),
          };
          return (
            <div key={key} className="staff-field">
              <label htmlFor={fieldId}>{t(`staff.catalog.game.${key}`)}</label>
              {key === 'name' ? <input {...props} /> : <textarea rows={key === 'fullDescription' ? 5 : 2} {...props} />}
              <FieldError id={`${fieldId}-error`} message={errorOf(path)} />
            </div>
          );
        })}
      </fieldset>

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.game.page')}</legend>
        <div className="staff-field">
          <label htmlFor={`${id}-iframe`}>{t('staff.catalog.game.iframeUrl')}</label>
          <input
            id={`${id}-iframe`}
            inputMode="url"
            value={draft.iframeUrl}
            aria-invalid={invalid('webPage.iframeUrl')}
            aria-describedby={`${id}-iframe-hint ${id}-iframe-error`}
            onChange={(event) => set('iframeUrl', event.target.value)}
          />
          <span id={`${id}-iframe-hint`} className="staff-muted">
            {t('staff.catalog.game.iframeUrlHint')}
          </span>
          <FieldError id={`${id}-iframe-error`} message={errorOf('webPage.iframeUrl') ?? errorOf('webPage')} />
        </div>
        <div className="staff-check">
          <input id={`${id}-dev`} type="checkbox" checked={draft.inDevelop} onChange={(event) => set('inDevelop', event.target.checked)} />
          <label htmlFor={`${id}-dev`}>{t('staff.catalog.game.inDevelop')}</label>
        </div>
        <div className="staff-check">
          <input id={`${id}-active`} type="checkbox" checked={draft.isActive} onChange={(event) => set('isActive', event.target.checked)} />
          <label htmlFor={`${id}-active`}>{t('staff.catalog.game.isActive')}</label>
        </div>
        {IMAGE_KEYS.map((key) => (
          <ImageField
            key={key}
            label={t(`staff.catalog.game.${key}`)}
            value={draft[key]}
            onChange={(value) => set(key, value)}
            store="url"
            previewOf={assetUrl}
            error={errorOf(`webPage.${key}`)}
            kind={IMAGE_KINDS[key]}
          />
        ))}
        <div className="staff-catalog-row">
          {(['cardBackgroundColor', 'footerBackgroundColor'] as const).map((key) => (
            <div key={key} className="staff-field">
              <label htmlFor={`${id}-${key}`}>{t(`staff.catalog.game.${key}`)}</label>
              <input
                id={`${id}-${key}`}
                value={draft[key]}
                placeholder="#1d2330"
                aria-invalid={invalid(`webPage.${key}`)}
                aria-describedby={`${id}-${key}-error`}
                onChange={(event) => set(key, event.target.value)}
              />
              <FieldError id={`${id}-${key}-error`} message={errorOf(`webPage.${key}`)} />
            </div>
          ))}
        </div>
      </fieldset>

      <GameOriginsField
        address={draft.iframeUrl}
        origins={draft.extraOrigins}
        onChange={(origins) => set('extraOrigins', origins)}
        errorOf={(index) => errorOf(`extraOrigins.${index}`)}
      />

      <fieldset className="staff-card">
        <legend>{t('staff.catalog.game.listing')}</legend>
        <SortOrderField
          id={`${id}-order`}
          value={draft.sortOrder}
          invalid={Boolean(errorOf('sortOrder'))}
          onChange={(value) => set('sortOrder', value)}
        />
        <div className="staff-check">
          <input
            id={`${id}-archived`}
            type="checkbox"
            checked={draft.archived}
            onChange={(event) => set('archived', event.target.checked)}
          />
          <label htmlFor={`${id}-archived`}>{t('staff.catalog.game.archived')}</label>
        </div>
      </fieldset>

      <EditStatus
        what={t('staff.catalog.game.what')}
        saving={save.isPending}
        savedAt={savedAt}
        dirty={editor.dirty}
        failed={failedWhole}
        conflict={Boolean(editor.conflict)}
        onLoadTheirs={editor.loadTheirs}
        onKeepMine={editor.keepMine}
      />
    </form>
  );
}
