import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** An i18n key (the zod message of the contracts) or a ready text. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message tied by aria-describedby. */
export function FormField({ label, error, ref, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="auth-field__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
