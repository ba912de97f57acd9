import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ACCEPT, UPLOAD_LIMITS, limitInMb, type TUploadKind } from '@portal/contracts/support-constants';
import { validateUpload, type UploadProblem } from '@/shared/upload/validate-upload';

interface AttachmentFieldProps {
  kind: TUploadKind;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * An optional image or video: checked here for type and size before any
 * upload; a refused file is not kept and its reason is shown under the field.
 */
export function AttachmentField({ kind, file, onChange, disabled }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);

  const label = kind === 'image' ? t('support.imageLabel') : t('support.videoLabel');
  const hint =
    kind === 'image'
      ? t('support.imageHint', { limit: limitInMb(UPLOAD_LIMITS.image.maxBytes) })
      : t('support.videoHint', { limit: limitInMb(UPLOAD_LIMITS.video.maxBytes) });

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const found = validateUpload(kind, picked);
    setProblem(found);
    if (found) {
      if (input.current) input.current.value = '';
      onChange(null);
      return;
    }
    onChange(picked);
  };

  const remove = () => {
    if (input.current) input.current.value = '';
    setProblem(null);
    onChange(null);
  };

  return (
    <div className={`support-attachment${problem ? ' support-attachment--invalid' : ''}`}>
      <label htmlFor={inputId} className="support-attachment__label">
        {label}
      </label>
      <span id={hintId} className="support-attachment__hint">
        {hint}
      </span>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT[kind]}
        disabled={disabled}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        aria-invalid={problem ? 'true' : 'false'}
        onChange={(event) => pick(event.target.files?.[0])}
      />
      {file ? (
        <p className="support-attachment__chosen">
          <span>{file.name}</span>
          <button type="button" onClick={remove} disabled={disabled}>
            {kind === 'image' ? t('support.removeImage') : t('support.removeVideo')}
          </button>
        </p>
      ) : null}
      {problem ? (
        <p id={errorId} role="alert" className="support-attachment__error">
          {t(problem.key, problem.values)}
        </p>
      ) : null}
    </div>
  );
}
