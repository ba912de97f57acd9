import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_IMAGE_PATH,
  ZConsolePriceCreate,
  ZConsolePriceUpdate,
  type TConsolePrice,
  type TConsoleProjectDetail,
} from '@portal/contracts/catalog-console';
import { files } from '@/shared/paths';
import { useCreatePrice, useSavePrice } from './api';
import { FieldError } from './catalog-page';
import { EditStatus } from './edit-status';
import { conflictOf, fieldErrorsOf, useRecordEditor, useReportDirty, type FieldErrors } from './editing';
import { ImageField } from './image-field';

type PriceDraft = {
  id: string;
  enTitle: string;
  ruTitle: string;
  enValue: string;
  ruValue: string;
  logoName: string;
  sortOrder: string;
  archived: boolean;
};
const EMPTY: PriceDraft = { id: '', enTitle: '', ruTitle: '', enValue: '', ruValue: '', logoName: '', sortOrder: '0', archived: false };

const toDraft = (price: TConsolePrice): PriceDraft => ({
  id: price.id,
  enTitle: price.enTitle,
  ruTitle: price.ruTitle,
  enValue: String(price.enValue),
  ruValue: String(price.ruValue),
  logoName: price.logoName,
  sortOrder: String(price.sortOrder),
  archived: price.archived,
});

/** An amount as typed ("1,99" too); empty is not a number. */
const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

const fieldsOf = (draft: PriceDraft) => ({
  enTitle: draft.enTitle,
  ruTitle: draft.ruTitle,
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
                <td>{price.enTitle}</td>
                <td lang="ru">{price.ruTitle}</td>
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
  const text = (key: 'id' | 'enTitle' | 'ruTitle' | 'enValue' | 'ruValue' | 'sortOrder', extra: Record<string, unknown> = {}) => (
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
      <div className="staff-catalog-row">
        {text('enTitle', { lang: 'en' })}
        {text('ruTitle', { lang: 'ru' })}
      </div>
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

/** Translated messages for what the contract refuses before anything is sent. */
function useClientErrors() {
  const { t } = useTranslation();
  return (issues: { path: PropertyKey[] }[]): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of issues) {
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
      onError: (error) => setErrors(fieldErrorsOf(error) ?? {}),
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
          setErrors(fieldErrorsOf(error) ?? {});
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
