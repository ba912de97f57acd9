import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_IMAGE_PATH,
  ZConsolePriceCreate,
  ZConsolePriceUpdate,
  type TConsolePrice,
  type TConsoleProjectDetail,
} from '@portal/contracts/catalog-console';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import { files } from '@/shared/paths';
import { useCreatePrice, useSavePrice } from './api';
import { FieldError } from './catalog-page';
import { EditStatus } from './edit-status';
import { conflictOf, fieldErrorsOf, useRecordEditor, useReportDirty, type FieldErrors } from './editing';
import { ImageField } from './image-field';
import './prices-section.css';

type PriceDraft = {
  id: string;
  titles: Record<Language, string>;
  enValue: string;
  ruValue: string;
  logoName: string;
  sortOrder: string;
  archived: boolean;
};
const titlesDraft = (titles: TConsolePrice['titles']) =>
  Object.fromEntries(LANGUAGES.map((lng) => [lng, titles[lng] ?? ''])) as Record<Language, string>;

const EMPTY: PriceDraft = { id: '', titles: titlesDraft({}), enValue: '', ruValue: '', logoName: '', sortOrder: '0', archived: false };

const toDraft = (price: TConsolePrice): PriceDraft => ({
  id: price.id,
  titles: titlesDraft(price.titles),
  enValue: String(price.enValue),
  ruValue: String(price.ruValue),
  logoName: price.logoName,
  sortOrder: String(price.sortOrder),
  archived: price.archived,
});

/** An amount as typed ("1,99" too); empty is not a number. */
const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** The names typed; a language left empty is left out (players see the English name for it). */
const fieldsOf = (draft: PriceDraft) => ({
  titles: Object.fromEntries(LANGUAGES.filter((lng) => draft.titles[lng].trim()).map((lng) => [lng, draft.titles[lng]])),
  enValue: amountOf(draft.enValue),
  ruValue: amountOf(draft.ruValue),
  logoName: draft.logoName,
  sortOrder: draft.sortOrder.trim() === '' ? 0 : Number(draft.sortOrder),
  archived: draft.archived,
});

const money = (value: number, currency: 'RUB' | 'USD', language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);

/** The project's price list: every item (archived ones too), one item's editor, and a new item's form. */
export function PricesSection({ detail }: { detail: TConsoleProjectDetail }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  // Whether the open item editor holds unsaved changes (switching items would drop them).
  const [editingDirty, setEditingDirty] = useState(false);
  const id = useId();
  const project = detail.project.name;
  const current = detail.prices.find((price) => price.id === editing);

  return (
    <div className="staff-catalog-form">
      <h2 id={`${id}-title`}>{t('staff.catalog.prices.title')}</h2>
      <div className="staff-card staff-table-wrap">
        <table className="staff-table">
          <caption>{t('staff.catalog.prices.caption', { count: detail.prices.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.catalog.prices.id')}</th>
              <th scope="col">{t('staff.catalog.prices.enTitle')}</th>
              <th scope="col">{t('staff.catalog.prices.ruTitle')}</th>
              <th scope="col">{t('staff.catalog.prices.ruValue')}</th>
              <th scope="col">{t('staff.catalog.prices.enValue')}</th>
              <th scope="col">{t('staff.catalog.prices.logo')}</th>
              <th scope="col">{t('staff.catalog.prices.state')}</th>
              <th scope="col">
                <span className="staff-visually-hidden">{t('staff.catalog.prices.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.prices.length === 0 && (
              <tr>
                <td colSpan={8} className="staff-muted">
                  {t('staff.catalog.prices.empty')}
                </td>
              </tr>
            )}
            {detail.prices.map((price) => (
              <tr key={price.id}>
                <td>
                  <code>{price.id}</code>
                </td>
                <td>
                  <span lang="en">{price.enTitle}</span>
                  <br />
                  <span className="staff-muted">
                    {t('staff.catalog.priceNames.translated', {
                      count: LANGUAGES.filter((lng) => price.titles[lng]).length,
                      total: LANGUAGES.length,
                    })}
                  </span>
                </td>
                <td>
                  {price.titles.ru ? (
                    <span lang="ru">{price.titles.ru}</span>
                  ) : (
                    <span className="staff-badge staff-badge--missing">{t('staff.catalog.priceNames.missing')}</span>
                  )}
                </td>
                <td>{money(price.ruValue, 'RUB', i18n.language)}</td>
                <td>{money(price.enValue, 'USD', i18n.language)}</td>
                <td>
                  {price.logoName ? (
                    <img
                      src={files.priceLogo(price.id, price.logoName)}
                      alt={t('staff.catalog.prices.logoOf', { id: price.id })}
                      width={32}
                      height={32}
                    />
                  ) : (
                    <span className="staff-muted">—</span>
                  )}
                </td>
                <td>{price.archived ? t('staff.catalog.prices.archived') : t('staff.catalog.prices.active')}</td>
                <td>
                  <button
                    type="button"
                    className="staff-button"
                    aria-label={t('staff.catalog.prices.editItem', { id: price.id })}
                    aria-pressed={editing === price.id}
                    onClick={() => {
                      if (editingDirty && !window.confirm(t('staff.catalog.leaveWarning'))) return;
                      setEditing(editing === price.id ? null : price.id);
                      setEditingDirty(false);
                    }}
                  >
                    {t('staff.catalog.prices.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current && (
        <EditPriceForm
          key={current.id}
          project={project}
          price={current}
          onDirty={setEditingDirty}
          onClose={() => {
            setEditing(null);
            setEditingDirty(false);
          }}
        />
      )}
      <NewPriceForm project={project} />
    </div>
  );
}

type PriceFieldsProps = {
  draft: PriceDraft;
  setDraft: (update: (draft: PriceDraft) => PriceDraft) => void;
  errors: FieldErrors;
  savedLogo?: { id: string; logoName: string };
  withId: boolean;
};

/** The fields of an item, shared by the new-item form and an item's editor. */
function PriceFields({ draft, setDraft, errors, savedLogo, withId }: PriceFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const set = <K extends keyof PriceDraft>(key: K, value: PriceDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: 'id' | 'enValue' | 'ruValue' | 'sortOrder', extra: Record<string, unknown> = {}) => (
    <div className="staff-field">
      <label htmlFor={`${id}-${key}`}>{t(`staff.catalog.prices.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        value={draft[key]}
        aria-invalid={errors[key] ? 'true' : 'false'}
        aria-describedby={`${id}-${key}-error`}
        onChange={(event) => set(key, event.target.value)}
        {...extra}
      />
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  );
  const amount = { inputMode: 'decimal', autoComplete: 'off' };
  return (
    <>
      {withId && text('id', { autoComplete: 'off', spellCheck: false })}
      <PriceNames titles={draft.titles} onChange={(titles) => set('titles', titles)} errors={errors} />
      <div className="staff-catalog-row">
        {text('ruValue', amount)}
        {text('enValue', amount)}
        {text('sortOrder', { inputMode: 'numeric' })}
      </div>
      <ImageField
        label={t('staff.catalog.prices.logo')}
        value={draft.logoName}
        onChange={(value) => set('logoName', value)}
        store="fileName"
        kind="priceLogo"
        previewOf={(value) =>
          savedLogo && value === savedLogo.logoName
            ? files.priceLogo(savedLogo.id, value)
            : `${CATALOG_IMAGE_PATH}/${encodeURIComponent(value)}`
        }
        error={errors.logoName}
      />
      <div className="staff-check">
        <input id={`${id}-archived`} type="checkbox" checked={draft.archived} onChange={(event) => set('archived', event.target.checked)} />
        <label htmlFor={`${id}-archived`}>{t('staff.catalog.prices.archivedField')}</label>
      </div>
    </>
  );
}

type PriceNamesProps = { titles: Record<Language, string>; onChange: (titles: Record<Language, string>) => void; errors: FieldErrors };

/**
 * The item's name in every language: English is required, an empty one is marked missing and
 * shows the English name as its hint (players see the English name for it).
 */
function PriceNames({ titles, onChange, errors }: PriceNamesProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const languageName = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language, FALLBACK_LANGUAGE], { type: 'language' });
    return (lng: Language) => names.of(lng) ?? lng;
  }, [i18n.language]);
  return (
    <fieldset className="staff-price-names" aria-describedby={`${id}-note`}>
      <legend>{t('staff.catalog.priceNames.legend')}</legend>
      <p id={`${id}-note`} className="staff-muted">
        {t('staff.catalog.priceNames.note')}
      </p>
      <div className="staff-price-names__grid">
        {LANGUAGES.map((lng) => {
          const fieldId = `${id}-${lng}`;
          const missing = lng !== FALLBACK_LANGUAGE && !titles[lng].trim();
          const error = errors[`titles.${lng}`];
          return (
            <div key={lng} className="staff-field">
              <span className="staff-price-names__label">
                <label htmlFor={fieldId}>{t('staff.catalog.priceNames.nameIn', { language: languageName(lng) })}</label>
                {missing && (
                  <span id={`${fieldId}-missing`} className="staff-badge staff-badge--missing">
                    {t('staff.catalog.priceNames.missing')}
                  </span>
                )}
              </span>
              <input
                id={fieldId}
                lang={lng}
                value={titles[lng]}
                required={lng === FALLBACK_LANGUAGE}
                placeholder={lng === FALLBACK_LANGUAGE ? '' : titles.en}
                aria-invalid={error ? 'true' : 'false'}
                aria-describedby={`${missing ? `${fieldId}-missing ` : ''}${fieldId}-error`}
                onChange={(event) => onChange({ ...titles, [lng]: event.target.value })}
              />
              <FieldError id={`${fieldId}-error`} message={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A refusal about the names older clients sent is about the name field of that language. */
const LEGACY_FIELDS: Record<string, string> = { enTitle: 'titles.en', ruTitle: 'titles.ru' };

/** The field messages of a refused save, the names' ones by language. */
function serverErrorsOf(error: unknown): FieldErrors {
  const errors = fieldErrorsOf(error) ?? {};
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [LEGACY_FIELDS[key] ?? key, message]));
}

/** Translated messages for what the contract refuses before anything is sent. */
function useClientErrors() {
  const { t } = useTranslation();
  return (issues: { path: PropertyKey[] }[]): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of issues) {
      if (issue.path[0] === 'titles') {
        const lng = String(issue.path[1] ?? FALLBACK_LANGUAGE);
        errors[`titles.${lng}`] ??= lng === FALLBACK_LANGUAGE ? t('staff.catalog.priceNames.required') : t('staff.catalog.errors.required');
        continue;
      }
      const key = String(issue.path[0]);
      errors[key] ??=
        key === 'enValue' || key === 'ruValue'
          ? t('staff.catalog.prices.amountInvalid')
          : key === 'id'
            ? t('staff.catalog.prices.idInvalid')
            : key === 'sortOrder'
              ? t('staff.catalog.errors.sortOrder')
              : t('staff.catalog.errors.required');
    }
    return errors;
  };
}

function NewPriceForm({ project }: { project: string }) {
  const { t } = useTranslation();
  const create = useCreatePrice(project);
  const clientErrors = useClientErrors();
  const [draft, setDraft] = useState<PriceDraft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [added, setAdded] = useState<string | null>(null);
  const id = useId();
  const dirty = JSON.stringify(draft) !== JSON.stringify(EMPTY);
  useReportDirty('new-price', dirty);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZConsolePriceCreate.safeParse({ id: draft.id, ...fieldsOf(draft) });
    if (!parsed.success) {
      setErrors(clientErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (price) => {
        setDraft(EMPTY);
        setAdded(price.id);
      },
      onError: (error) => setErrors(serverErrorsOf(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="staff-card staff-catalog-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('staff.catalog.prices.newItem')}</h3>
      <PriceFields draft={draft} setDraft={setDraft} errors={errors} withId />
      {create.isError && !fieldErrorsOf(create.error) && (
        <p role="alert" className="staff-error">
          {t('staff.catalog.saveFailed')}
        </p>
      )}
      <div className="staff-catalog-actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={create.isPending}>
          {create.isPending ? t('staff.catalog.saving') : t('staff.catalog.prices.add')}
        </button>
        <span role="status" className="staff-muted">
          {added && !dirty ? t('staff.catalog.prices.added', { id: added }) : ''}
        </span>
      </div>
    </form>
  );
}

type EditPriceFormProps = { project: string; price: TConsolePrice; onClose: () => void; onDirty: (dirty: boolean) => void };

function EditPriceForm({ project, price, onClose, onDirty }: EditPriceFormProps) {
  const { t } = useTranslation();
  const save = useSavePrice(project);
  const clientErrors = useClientErrors();
  const editor = useRecordEditor(price, toDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const id = useId();
  useReportDirty(`price-${price.id}`, editor.dirty);
  useEffect(() => onDirty(editor.dirty), [onDirty, editor.dirty]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZConsolePriceUpdate.safeParse({ ...fieldsOf(editor.draft), version: editor.base.version });
    if (!parsed.success) {
      setErrors(clientErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: price.id, ...parsed.data },
      {
        onSuccess: (saved) => {
          editor.saved(saved);
          setSavedAt(Date.now());
        },
        onError: (error) => {
          const theirs = conflictOf<TConsolePrice>(error);
          if (theirs) editor.setConflict(theirs);
          setErrors(serverErrorsOf(error));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="staff-card staff-catalog-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('staff.catalog.prices.editTitle', { id: price.id })}</h3>
      <PriceFields
        draft={editor.draft}
        setDraft={editor.setDraft}
        errors={errors}
        savedLogo={{ id: price.id, logoName: editor.base.logoName }}
        withId={false}
      />
      <EditStatus
        what={t('staff.catalog.prices.what')}
        saving={save.isPending}
        savedAt={savedAt}
        dirty={editor.dirty}
        failed={save.isError && !fieldErrorsOf(save.error) && !editor.conflict}
        conflict={Boolean(editor.conflict)}
        onLoadTheirs={editor.loadTheirs}
        onKeepMine={editor.keepMine}
      />
      <button
        type="button"
        className="staff-button"
        onClick={() => (!editor.dirty || window.confirm(t('staff.catalog.leaveWarning'))) && onClose()}
      >
        {t('staff.catalog.prices.close')}
      </button>
    </form>
  );
}
