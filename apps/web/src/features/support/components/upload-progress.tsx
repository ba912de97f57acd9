import { useTranslation } from 'react-i18next';

/** A labelled progress bar while the files of a message upload. */
export function UploadProgress({ sent, total }: { sent: number; total: number }) {
  const { t } = useTranslation();
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  return (
    <div className="support-progress">
      <progress max={100} value={percent} aria-label={t('support.uploadProgress')} aria-valuetext={`${percent}%`} />
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
