import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A secret the server answers once (API key, signing secret): read-only, with a copy button. */
export function ShownOnce({ label, note, value }: { label: string; note: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="staff-once">
      <label htmlFor={id}>{label}</label>
      <p className="staff-muted">{note}</p>
      <div className="staff-once__row">
        <input id={id} readOnly value={value} className="staff-mono" onFocus={(event) => event.target.select()} />
        <button type="button" className="staff-button" onClick={() => void copy()}>
          {t('staff.projects.copy')}
        </button>
      </div>
      <p role="status" className="staff-muted">
        {copied === 'yes' ? t('staff.projects.copied') : copied === 'no' ? t('staff.projects.copyFailed') : ''}
      </p>
    </div>
  );
}
