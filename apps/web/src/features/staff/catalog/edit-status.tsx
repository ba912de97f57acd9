import { useTranslation } from 'react-i18next';

type EditStatusProps = {
  /** What the record is, for the messages ("this game", "this item"). */
  what: string;
  saving: boolean;
  savedAt: number | null;
  dirty: boolean;
  /** A failure that is about the whole form (not one field). */
  failed: boolean;
  conflict: boolean;
  onLoadTheirs: () => void;
  onKeepMine: () => void;
  saveLabel?: string;
};

/** The save button of a form and what became of the last save: saved, refused, or someone else's newer version. */
export function EditStatus({ what, saving, savedAt, dirty, failed, conflict, onLoadTheirs, onKeepMine, saveLabel }: EditStatusProps) {
  const { t } = useTranslation();
  return (
    <div className="staff-catalog-save">
      {conflict && (
        <div role="alert" className="staff-catalog-conflict">
          <p>{t('staff.catalog.conflict.message', { what })}</p>
          <div className="staff-catalog-actions">
            <button type="button" className="staff-button" onClick={onLoadTheirs}>
              {t('staff.catalog.conflict.loadTheirs')}
            </button>
            <button type="button" className="staff-button" onClick={onKeepMine}>
              {t('staff.catalog.conflict.keepMine')}
            </button>
          </div>
        </div>
      )}
      {failed && (
        <p role="alert" className="staff-error">
          {t('staff.catalog.saveFailed')}
        </p>
      )}
      <div className="staff-catalog-actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={saving || conflict}>
          {saving ? t('staff.catalog.saving') : (saveLabel ?? t('staff.catalog.save'))}
        </button>
        <span role="status" className="staff-muted">
          {dirty ? t('staff.catalog.unsaved') : savedAt ? t('staff.catalog.saved') : ''}
        </span>
      </div>
    </div>
  );
}
