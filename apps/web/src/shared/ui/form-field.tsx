import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './form-field.css';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** An i18n key (the zod message of the contracts) or a ready text. */
  error?: string;
  /** The wrapper's classes (default `form-field`, styled in form-field.css). */
  className?: string;
  /** The message's classes (default `form-field__error`). */
  errorClassName?: string;
  /**
   * Keep the (empty) message paragraph when there is no error, so a message appearing on blur
   * does not move what follows.
   */
  keepErrorSpace?: boolean;
}

/**
 * A labelled input with its validation message tied by aria-invalid and aria-describedby.
 * Spread react-hook-form's `register(name)` into it: its ref and handlers reach the input (the
 * ref through `forwardRef`, which every React-compatible runtime passes on).
 */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, className = 'form-field', errorClassName = 'form-field__error', keepErrorSpace = false, ...input },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error || keepErrorSpace ? (
        <p id={errorId} className={errorClassName} role="alert">
          {error ? t(error) : null}
        </p>
      ) : null}
    </div>
  );
});
