import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_PIXELS,
  CATALOG_IMAGE_MAX_SIDE,
  CATALOG_IMAGE_RULES,
  type CatalogImageKind,
} from '@portal/contracts/catalog-console';
import { ApiError } from '@/shared/api/client';
import { uploadCatalogImage } from './api';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

type ImageFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What goes into the record: the image's address (game images) or its stored name (price logos). */
  store: 'url' | 'fileName';
  /** How the current value is shown (a price logo is served under its item). */
  previewOf: (value: string) => string | undefined;
  error?: string;
  /** Where the image is shown: the upload's pixel size is checked against it and its size is hinted. */
  kind?: CatalogImageKind;
  /** Where the portal shows the image, told before its size. */
  hint?: string;
};

/** The size words of a kind's rule: `{ width, height, ratio }` for the texts of staff.catalog.seoLegal.imageRules. */
function ruleWords(kind: CatalogImageKind) {
  const rule = CATALOG_IMAGE_RULES[kind];
  return { width: rule.minWidth, height: rule.minHeight, ratio: rule.ratio ? `${rule.ratio.width}:${rule.ratio.height}` : '' };
}

/** An image of a record: its current value, a preview, and an upload that replaces it. */
export function ImageField({ label, value, onChange, store, previewOf, error, kind, hint }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const preview = value ? previewOf(value) : undefined;
  const message = uploadError ?? error;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CATALOG_IMAGE_MAX_BYTES) {
      setUploadError(t('staff.catalog.image.tooLarge'));
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      const image = await uploadCatalogImage(file, kind);
      onChange(store === 'url' ? image.url : image.fileName);
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : '';
      setUploadError(
        kind && code === 'IMAGE_TOO_SMALL'
          ? t('staff.catalog.seoLegal.imageRules.tooSmall', ruleWords(kind))
          : kind && code === 'IMAGE_WRONG_SHAPE'
            ? t('staff.catalog.seoLegal.imageRules.wrongShape', ruleWords(kind))
            : code === 'IMAGE_UNREADABLE'
              ? t('staff.catalog.seoLegal.imageRules.unreadable')
              : code === 'IMAGE_TOO_LARGE'
                ? t('staff.catalog.seoLegal.imageRules.tooLarge', {
                    side: CATALOG_IMAGE_MAX_SIDE,
                    megapixels: CATALOG_IMAGE_MAX_PIXELS / 1_000_000,
                  })
                : failure instanceof ApiError && (failure.status === 415 || failure.status === 400)
                  ? t('staff.catalog.image.wrongType')
                  : failure instanceof ApiError && failure.status === 413
                    ? t('staff.catalog.image.tooLarge')
                    : t('staff.catalog.image.failed'),
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset className="staff-catalog-image">
      <legend>{label}</legend>
      <div className="staff-catalog-image__row">
        <div className="staff-catalog-image__preview">
          {preview ? (
            <img src={preview} alt={t('staff.catalog.image.preview', { label })} />
          ) : (
            <span className="staff-muted">{t('staff.catalog.image.none')}</span>
          )}
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-value`}>{t(store === 'url' ? 'staff.catalog.image.address' : 'staff.catalog.image.fileName')}</label>
          <input
            id={`${id}-value`}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={message ? 'true' : 'false'}
            aria-describedby={message ? `${id}-error` : undefined}
          />
          <label htmlFor={`${id}-file`}>{t('staff.catalog.image.upload', { label })}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            disabled={uploading}
            aria-describedby={
              [hint && `${id}-where`, kind && `${id}-size`, message && `${id}-error`].filter(Boolean).join(' ') || undefined
            }
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          {hint && (
            <span id={`${id}-where`} className="staff-muted">
              {hint}
            </span>
          )}
          {kind && (
            <span id={`${id}-size`} className="staff-muted">
              {t(
                CATALOG_IMAGE_RULES[kind].ratio ? 'staff.catalog.seoLegal.imageRules.hintShape' : 'staff.catalog.seoLegal.imageRules.hint',
                ruleWords(kind),
              )}
            </span>
          )}
          <span role="status" className="staff-muted">
            {uploading ? t('staff.catalog.image.uploading') : ''}
          </span>
          {message && (
            <p id={`${id}-error`} role="alert" className="staff-error">
              {message}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
